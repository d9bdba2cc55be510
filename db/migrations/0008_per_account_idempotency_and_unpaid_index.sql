ALTER TABLE "orders" DROP CONSTRAINT "orders_idempotencyKey_unique";--> statement-breakpoint
CREATE INDEX "orders_unpaid_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_idempotency_key_unique" UNIQUE("user_id","idempotency_key");