CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "signature_id" uuid;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "bill_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_signature_idx" ON "bills" USING btree ("signature_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_one_subject" CHECK (("bills"."order_id" is null) <> ("bills"."signature_id" is null));