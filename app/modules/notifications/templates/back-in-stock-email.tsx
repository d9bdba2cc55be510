import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { BackInStockMessage, ShopIdentity } from "../message-kinds";
import { backInStockItemName } from "../back-in-stock-texts";
import { EmailLayout, styles } from "./order-email";

/**
 * The back-in-stock e-mail (issue 31): the size and colour the shopper asked about is back, with one
 * button to the product page with that size and colour chosen. A one-off note the shopper asked for
 * (the subscription ends with it); every product string is a React text child (escaped).
 */
export function BackInStockEmail({ message, shop }: { message: BackInStockMessage; shop: ShopIdentity }) {
  const item = backInStockItemName(message);
  return (
    <EmailLayout shop={shop} preview={`${item} is back in stock`}>
      <Heading as="h1" style={styles.h1}>
        It&apos;s back in stock
      </Heading>
      <Text style={styles.text}>
        Good news: <strong>{item}</strong>, which you asked us to watch for, is back in stock. Sizes go quickly, so
        we&apos;re telling a few shoppers at a time.
      </Text>
      <Text style={styles.text}>
        <Link href={message.url} style={styles.button}>
          Shop {item}
        </Link>
      </Text>
      <Text style={styles.muted}>
        You asked{shop.name ? ` ${shop.name}` : " us"} to tell you when it was back. This is the only message about it:
        your request ends here.
      </Text>
    </EmailLayout>
  );
}
