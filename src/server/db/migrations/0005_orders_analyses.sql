CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"analysis_name" text NOT NULL,
	"status" text DEFAULT 'DS' NOT NULL,
	"message_to_user" text DEFAULT '' NOT NULL,
	"calibration_id" uuid,
	"injected_activity" double precision,
	"administration_datetime" timestamp with time zone,
	"isotope" text,
	"images_file_id" uuid,
	"report_file_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analyses_order_name_unique" UNIQUE("order_id","analysis_name")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"remaining" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"status_payment" text DEFAULT 'APG' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"code" text NOT NULL,
	"bill_file_id" uuid,
	"bill_url" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_remaining_range" CHECK ("orders"."remaining" >= 0 AND "orders"."remaining" <= "orders"."quantity")
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_calibration_id_calibrations_id_fk" FOREIGN KEY ("calibration_id") REFERENCES "public"."calibrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_isotope_isotopes_name_fk" FOREIGN KEY ("isotope") REFERENCES "public"."isotopes"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_images_file_id_files_id_fk" FOREIGN KEY ("images_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_report_file_id_files_id_fk" FOREIGN KEY ("report_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bill_file_id_files_id_fk" FOREIGN KEY ("bill_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_order_created_idx" ON "analyses" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "analyses_calibration_idx" ON "analyses" USING btree ("calibration_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");