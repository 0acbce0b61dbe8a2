DROP INDEX `page_visits_path_created_idx`;--> statement-breakpoint
DROP INDEX `page_visits_session_user_idx`;--> statement-breakpoint
DROP INDEX `page_visits_created_idx`;--> statement-breakpoint
CREATE INDEX `page_visits_created_idx` ON `page_visits` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `traffic_sessions_dashboard_idx`;