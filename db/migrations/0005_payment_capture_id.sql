ALTER TABLE "orders" ADD COLUMN "payment_capture_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paymentCaptureId_unique" UNIQUE("payment_capture_id");