import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { MessageOrder, ReviewRequestLine, ShopIdentity } from "../message-kinds";
import { REVIEW_LINK_DAYS } from "~/modules/reviews/review-links.server";
import { reviewLineName } from "../review-request-texts";
import { customerFirstName } from "../whatsapp-texts";
import { EmailLayout, styles } from "./order-email";

/**
 * The review request e-mail (issue 29): a note about the customer's own delivered order, in the order
 * e-mails' frame, with one link per item not yet reviewed — each opening the review form of that line.
 * Every customer-provided string is a React text child (escaped); nothing here sets raw HTML.
 */
export function ReviewRequestEmail({
  order,
  lines,
  shop,
}: {
  order: MessageOrder;
  lines: readonly ReviewRequestLine[];
  shop: ShopIdentity;
}) {
  const from = shop.name ? ` from ${shop.name}` : "";
  return (
    <EmailLayout shop={shop} preview={`Tell other shoppers how your order ${order.orderNumber} fits`}>
      <Heading as="h1" style={styles.h1}>
        How do you like your order?
      </Heading>
      <Text style={styles.text}>
        Hi {customerFirstName(order)}, your order <strong>{order.orderNumber}</strong>
        {from} was delivered. How do the pieces fit? A short review, with the size you chose and how it fits, helps
        other shoppers choose theirs.
      </Text>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={styles.table}>
        <tbody>
          {lines.map((line) => (
            <tr key={line.orderItemId}>
              <td style={styles.td}>{reviewLineName(line)}</td>
              <td style={{ ...styles.td, ...styles.right }}>
                <Link href={line.url} style={styles.link}>
                  Review {line.name}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text style={styles.muted}>
        Each link opens the review form for that item, works for {REVIEW_LINK_DAYS} days and can be used once. This is
        the only review request for this order.
      </Text>
    </EmailLayout>
  );
}
