import { Column } from "@react-email/column";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatCents } from "~/lib/money";
import type { ReturnMessageLine, ReturnRefundAmount, ShopIdentity } from "../message-kinds";
import type { ReturnEmailWords, ReturnInstructions } from "../return-texts";
import { returnLineOutcome, returnLineReason } from "../return-texts";
import { lineVariant } from "../whatsapp-texts";
import { EmailLayout, styles } from "./order-email";

/**
 * A return's e-mail (issue 30), one per step, in the order e-mails' frame: the step's words
 * (return-texts.ts), the lines it is about with their reason and outcome, the printable instructions of
 * an approved return, the refund's breakdown, and a link to the return's page. Every shopper- or
 * owner-provided string (names, notes, the refusal's reason, the address) is a React text child
 * (escaped); nothing here sets raw HTML.
 */
export function ReturnEmail({
  words,
  returnUrl,
  shop,
}: {
  words: ReturnEmailWords;
  returnUrl: string;
  shop: ShopIdentity;
}) {
  return (
    <EmailLayout shop={shop} preview={words.preview}>
      <Heading as="h1" style={styles.h1}>
        {words.heading}
      </Heading>
      {words.paragraphs.map((paragraph, i) => (
        <Text key={i} style={styles.text}>
          {paragraph}
        </Text>
      ))}
      {words.instructions ? <Instructions instructions={words.instructions} /> : null}
      {words.refund ? <Refund refund={words.refund} /> : null}
      {words.lines.length > 0 ? <Lines lines={words.lines} /> : null}
      <Section style={{ margin: "24px 0 8px" }}>
        <Link href={returnUrl} style={styles.button}>
          View your return
        </Link>
      </Section>
      {words.closing ? <Text style={styles.muted}>{words.closing}</Text> : null}
    </EmailLayout>
  );
}

function Instructions({ instructions }: { instructions: ReturnInstructions }) {
  return (
    <>
      <Heading as="h2" style={styles.h2}>
        How to send it back
      </Heading>
      <ol style={{ ...styles.text, paddingLeft: "20px" }}>
        {instructions.steps.map((step, i) => (
          <li key={i} style={{ margin: "4px 0" }}>
            {step}
          </li>
        ))}
      </ol>
      {instructions.address.length > 0 ? (
        <>
          <Heading as="h2" style={styles.h2}>
            Return address
          </Heading>
          <Text style={{ ...styles.text, border: "1px solid #e5e7eb", borderRadius: "6px", padding: "12px 16px" }}>
            {instructions.address.map((line, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </Text>
        </>
      ) : null}
    </>
  );
}

function MoneyRow({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  const style = strong ? styles.grandTotal : styles.totalLabel;
  const valueStyle = strong ? styles.grandTotal : styles.totalValue;
  return (
    <Row>
      <Column style={style}>{label}</Column>
      <Column style={{ ...valueStyle, textAlign: "right" }}>{formatCents(cents)}</Column>
    </Row>
  );
}

function Refund({ refund }: { refund: ReturnRefundAmount }) {
  return (
    <Section style={{ marginTop: "8px" }}>
      <MoneyRow label="Items" cents={refund.itemsCents} />
      <MoneyRow label="Tax" cents={refund.taxCents} />
      {refund.shippingCents > 0 ? <MoneyRow label="Shipping" cents={refund.shippingCents} /> : null}
      <MoneyRow label="Refunded" cents={refund.totalCents} strong />
    </Section>
  );
}

function Lines({ lines }: { lines: ReturnMessageLine[] }) {
  return (
    <>
      <Heading as="h2" style={styles.h2}>
        {lines.length === 1 ? "The item" : "The items"}
      </Heading>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={styles.table}>
        <thead>
          <tr>
            <th style={styles.th}>Item</th>
            <th style={{ ...styles.th, ...styles.right }}>Qty</th>
            <th style={{ ...styles.th, ...styles.right }}>Reason and outcome</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const variant = lineVariant(line);
            return (
              <tr key={i}>
                <td style={styles.td}>
                  {line.name}
                  {variant ? <div style={styles.muted}>{variant}</div> : null}
                </td>
                <td style={{ ...styles.td, ...styles.right, width: "48px" }}>× {line.quantity}</td>
                <td style={{ ...styles.td, ...styles.right }}>
                  {returnLineReason(line)}
                  <div style={styles.muted}>{returnLineOutcome(line)}</div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
