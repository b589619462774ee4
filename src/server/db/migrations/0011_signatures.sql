CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"modality" text NOT NULL,
	"test_period_initial" date NOT NULL,
	"test_period_end" date NOT NULL,
	"hired_period_initial" date,
	"hired_period_end" date,
	"activated" boolean DEFAULT true NOT NULL,
	"status_payment" text DEFAULT 'APG' NOT NULL,
	"bill_file_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signatures_user_plan_unique" UNIQUE("user_id","plan_id")
);
--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_bill_file_id_files_id_fk" FOREIGN KEY ("bill_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signatures_user_created_idx" ON "signatures" USING btree ("user_id","created_at");