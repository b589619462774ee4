CREATE TABLE "benefits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benefits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "isotopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dosimetry" boolean DEFAULT false NOT NULL,
	"radiosyno" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "isotopes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "plan_benefits" (
	"plan_id" text NOT NULL,
	"benefit_id" uuid NOT NULL,
	CONSTRAINT "plan_benefits_plan_id_benefit_id_pk" PRIMARY KEY("plan_id","benefit_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"modality" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"trial_time" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text,
	"position" integer NOT NULL,
	"img" text NOT NULL,
	"has_analyses" boolean NOT NULL,
	"long_description_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text,
	"clinic" text,
	"role" text,
	"cpf" text,
	"cnpj" text,
	"is_staff" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"language" text DEFAULT 'pt-BR' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "plan_benefits" ADD CONSTRAINT "plan_benefits_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_benefits" ADD CONSTRAINT "plan_benefits_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE cascade ON UPDATE no action;