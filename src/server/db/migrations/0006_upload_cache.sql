CREATE TABLE "upload_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_cache_updated_idx" ON "upload_cache" USING btree ("updated_at");