import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";

/** A signed-in shopper's cart; guests keep theirs in the browser and it is merged at sign-in. */
export const carts = pgTable("carts", {
  id: uuid().primaryKey().defaultRandom(),
  userId: text()
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A cart line; identity is product + size + colour (spec §3 Cart item). */
export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text().notNull().default("M"),
    color: text().notNull().default("Default"),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_items_line_unique").on(t.cartId, t.productId, t.size, t.color),
    check("cart_items_quantity_check", sql`${t.quantity} > 0`),
    index("cart_items_product_idx").on(t.productId),
  ],
);
