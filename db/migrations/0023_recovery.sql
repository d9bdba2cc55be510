CREATE TABLE "abandoned_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"phone" text,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"consent_at" timestamp with time zone,
	"whatsapp_consent_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"first_sent_at" timestamp with time zone,
	"second_sent_at" timestamp with time zone,
	"discount_code_id" uuid,
	"last_error" text,
	"restored_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abandoned_checkouts_status_check" CHECK ("abandoned_checkouts"."status" in ('open', 'paid', 'done', 'unsubscribed')),
	CONSTRAINT "abandoned_checkouts_reminders_check" CHECK ("abandoned_checkouts"."reminders_sent" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_section_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "newsletter_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovered_checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "abandoned_checkouts" ADD CONSTRAINT "abandoned_checkouts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_checkouts" ADD CONSTRAINT "abandoned_checkouts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_checkouts_user_idx" ON "abandoned_checkouts" USING btree ("user_id") WHERE "abandoned_checkouts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_checkouts_guest_email_idx" ON "abandoned_checkouts" USING btree ("email") WHERE "abandoned_checkouts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_email_idx" ON "abandoned_checkouts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_due_idx" ON "abandoned_checkouts" USING btree ("due_at") WHERE "abandoned_checkouts"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_recovered_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."recovered_checkout_id" is not null;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_section_check" CHECK ("shop_settings"."section" in ('store', 'pages', 'shipping', 'notifications', 'reviews', 'returns', 'recovery'));--> statement-breakpoint
-- hand-written: abandoned-checkout recovery
-- The newsletter's consent carries its time: set when it turns on (registration, profile), cleared when off.
CREATE OR REPLACE FUNCTION profiles_newsletter_consent_time() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if new.subscribe_newsletter then
    if tg_op = 'INSERT' or not old.subscribe_newsletter or new.newsletter_consent_at is null then
      new.newsletter_consent_at := coalesce(new.newsletter_consent_at, now());
    end if;
  else
    new.newsletter_consent_at := null;
  end if;
  return new;
end $$;--> statement-breakpoint
CREATE TRIGGER profiles_newsletter_consent_time BEFORE INSERT OR UPDATE OF subscribe_newsletter, newsletter_consent_at ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_newsletter_consent_time();--> statement-breakpoint
-- Profiles subscribed before this release: their consent is dated from the profile's creation (registration).
UPDATE profiles SET newsletter_consent_at = created_at WHERE subscribe_newsletter AND newsletter_consent_at IS NULL;
