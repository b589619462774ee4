ALTER TABLE "files" ADD COLUMN "identifying_elements" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "identifying_elements" jsonb;