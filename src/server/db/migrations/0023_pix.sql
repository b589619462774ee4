ALTER TABLE "bills" ALTER COLUMN "line" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "barcode" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "method" text DEFAULT 'boleto' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "pix_code" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'boleto' NOT NULL;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "payment_method" text DEFAULT 'boleto' NOT NULL;