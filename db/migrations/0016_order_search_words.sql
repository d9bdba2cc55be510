-- The admin's order search by word prefix of the customer's name (issue 26): 'okafor' finds 'Maya O. Okafor'.
-- The last name's own prefix index goes: its words are in search_words.
DROP INDEX "orders_last_name_prefix_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(shipping_address ->> 'firstName', '') || ' ' || coalesce(shipping_address ->> 'lastName', ''))) STORED;--> statement-breakpoint
CREATE INDEX "orders_search_words_idx" ON "orders" USING gin ("search_words");