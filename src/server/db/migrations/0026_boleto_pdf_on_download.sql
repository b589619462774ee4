ALTER TABLE "bills" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "instructions" jsonb;--> statement-breakpoint
CREATE INDEX "bills_file_idx" ON "bills" USING btree ("file_id");