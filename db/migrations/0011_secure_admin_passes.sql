CREATE TABLE "secure_admin_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "secure_admin_passes_expires_idx" ON "secure_admin_passes" USING btree ("expires_at");