ALTER TABLE "notifications" ADD COLUMN "tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_tx_id_seq_idx" ON "notifications" USING btree ("user_id","tx_id","seq");