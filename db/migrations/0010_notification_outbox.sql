DROP INDEX "order_notifications_due_idx";--> statement-breakpoint
ALTER TABLE "order_notifications" ALTER COLUMN "message_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD COLUMN "audience" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
UPDATE "order_notifications" SET "dedupe_key" = "id"::text WHERE "dedupe_key" IS NULL;--> statement-breakpoint
ALTER TABLE "order_notifications" ALTER COLUMN "dedupe_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD COLUMN "sending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_notifications_sending_idx" ON "order_notifications" USING btree ("sending_since") WHERE "order_notifications"."status" = 'pending' and "order_notifications"."sending_since" is not null;--> statement-breakpoint
CREATE INDEX "order_notifications_created_idx" ON "order_notifications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_notifications_due_idx" ON "order_notifications" USING btree ("next_attempt_at") WHERE "order_notifications"."status" = 'pending' and "order_notifications"."sending_since" is null;--> statement-breakpoint
ALTER TABLE "order_notifications" ADD CONSTRAINT "order_notifications_dedupeKey_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "order_notifications" ADD CONSTRAINT "order_notifications_audience_check" CHECK ("order_notifications"."audience" in ('owner', 'customer'));