ALTER TABLE "bills" ADD COLUMN "usd_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "usd_brl_rate" numeric(10, 4);