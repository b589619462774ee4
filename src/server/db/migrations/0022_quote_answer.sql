ALTER TABLE "quote_requests" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;