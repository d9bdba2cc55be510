-- Who holds an unpaid order's stock besides its account (its client address), and when its hold ran out (issue 27).
ALTER TABLE "orders" ADD COLUMN "hold_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_hold_address_idx" ON "orders" USING btree ("hold_address") WHERE "orders"."hold_address" is not null;