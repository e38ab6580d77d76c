-- A small GIN pending list (256 kB instead of 4 MB): set in place, no index rebuild on upgrade.
ALTER INDEX "catalogue_record_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "catalogue_record_title_trgm_idx" SET (gin_pending_list_limit = 256);
