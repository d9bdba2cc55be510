CREATE TABLE "product_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_groups_name_check" CHECK (char_length("product_groups"."name") between 1 and 100),
	CONSTRAINT "product_groups_description_check" CHECK ("product_groups"."description" is null or char_length("product_groups"."description") between 1 and 500)
);
