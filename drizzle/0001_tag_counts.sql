CREATE TABLE "tag_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tag_counts_count_name_idx" ON "tag_counts" USING btree ("count" DESC NULLS LAST,"name");--> statement-breakpoint
CREATE INDEX "tag_counts_name_prefix_idx" ON "tag_counts" USING btree (lower("name") text_pattern_ops);