ALTER TABLE "orders" ADD COLUMN "chosen_payment_method" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "payment_method" text DEFAULT 'boleto' NOT NULL;