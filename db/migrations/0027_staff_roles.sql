CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"secret_hash" text NOT NULL,
	"invited_by" text,
	"invited_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."role" in ('owner', 'manager', 'fulfilment', 'catalogue'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- The admins of the previous release keep everything they could do: each becomes an owner.
UPDATE "user" SET "staff_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_created_idx" ON "staff_invitations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_open_email_idx" ON "staff_invitations" USING btree ("email") WHERE "staff_invitations"."accepted_at" is null and "staff_invitations"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_staff_role_check" CHECK (("user"."role" = 'admin') = ("user"."staff_role" is not null) and ("user"."staff_role" is null or "user"."staff_role" in ('owner', 'manager', 'fulfilment', 'catalogue')));--> statement-breakpoint
-- hand-written
-- The staff role follows the role: an account made an admin without one (ensureAdminAccount's older
-- path, `npm run user:promote`) is an owner, as every admin was before; a customer has none.
CREATE OR REPLACE FUNCTION user_staff_role_follows() RETURNS trigger AS $$
BEGIN
  IF NEW.role = 'admin' AND NEW.staff_role IS NULL THEN
    NEW.staff_role := 'owner';
  ELSIF NEW.role <> 'admin' THEN
    NEW.staff_role := NULL;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER user_staff_role_follows BEFORE INSERT OR UPDATE OF role, staff_role ON "user"
  FOR EACH ROW EXECUTE FUNCTION user_staff_role_follows();
