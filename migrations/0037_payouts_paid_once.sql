CREATE TABLE `payment_reversals` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`viewer_micros` integer NOT NULL,
	`reason` text NOT NULL,
	`request_outcome` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "payment_reversals_amount_check" CHECK("payment_reversals"."amount_micros" > 0)
);
--> statement-breakpoint
CREATE INDEX `payment_reversals_user_idx` ON `payment_reversals` (`user_id`);--> statement-breakpoint
CREATE TABLE `payout_address_holders` (
	`address_key` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE TABLE `payout_address_refusals` (
	`id` text PRIMARY KEY NOT NULL,
	`address_key` text NOT NULL,
	`user_id` text NOT NULL,
	`holder_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payout_address_refusals_key_idx` ON `payout_address_refusals` (`address_key`);--> statement-breakpoint
CREATE TABLE `payout_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`count` integer NOT NULL,
	`total_micros` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`recorded_by` text,
	`recorded_at` text
);
--> statement-breakpoint
CREATE TABLE `payout_destinations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`payment_method` text NOT NULL,
	`payout_address` text NOT NULL,
	`address_key` text NOT NULL,
	`created_at` text NOT NULL,
	`usable_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `payout_destinations_user_idx` ON `payout_destinations` (`user_id`,`created_at`);--> statement-breakpoint
DROP INDEX `payout_requests_open_unique`;--> statement-breakpoint
ALTER TABLE `payout_requests` ADD `viewer_micros` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payout_requests` ADD `batch_id` integer;--> statement-breakpoint
CREATE INDEX `payout_requests_batch_idx` ON `payout_requests` (`batch_id`) WHERE "payout_requests"."batch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `payout_requests_open_unique` ON `payout_requests` (`user_id`) WHERE "payout_requests"."status" in ('open', 'sent');--> statement-breakpoint
ALTER TABLE `payments` ADD `viewer_micros` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `request_id` text;--> statement-breakpoint
CREATE INDEX `payments_request_idx` ON `payments` (`request_id`) WHERE "payments"."request_id" is not null;--> statement-breakpoint
-- Payouts are paid once, to one person (docs/decisions/066). A payment that settled a payout request names it.
UPDATE `payments` SET `request_id` = (SELECT q.`id` FROM `payout_requests` q WHERE q.`payment_id` = `payments`.`id`);
--> statement-breakpoint
-- Earlier payments were drawn from the viewer side first; their viewer part is fixed now from the viewer side's
-- credits (view rewards, the viewer side's opening balances, awarded bonuses, less reversals), in the order paid.
UPDATE `payments` SET `viewer_micros` = (
  SELECT max(0, min(p.`amount_micros`,
    coalesce((SELECT sum(e.`amount_micros`) FROM `earnings` e WHERE e.`user_id` = p.`user_id` AND e.`kind` = 'viewer'), 0)
    + coalesce((SELECT sum(o.`amount_micros`) FROM `opening_balances` o WHERE o.`user_num` = (SELECT u.`num` FROM `users` u WHERE u.`id` = p.`user_id`) AND o.`side` = 0), 0)
    + coalesce((SELECT sum(b.`total_micros`) FROM `bonuses` b WHERE b.`user_id` = p.`user_id` AND b.`status` = 'awarded'), 0)
    + coalesce((SELECT sum(r.`amount_micros`) FROM `reversals` r WHERE r.`user_id` = p.`user_id` AND r.`side` = 'viewer'), 0)
    + coalesce((SELECT sum(br.`amount_micros`) FROM `bonus_reversals` br WHERE br.`user_id` = p.`user_id`), 0)
    - coalesce((SELECT sum(p2.`amount_micros`) FROM `payments` p2 WHERE p2.`user_id` = p.`user_id` AND p2.`rowid` < p.`rowid`), 0)))
  FROM `payments` p WHERE p.`id` = `payments`.`id`);
--> statement-breakpoint
-- A payment that settled a request, or that a correction reversed, is a permanent fact: never deleted, and its
-- money (who, how much, from which side, which request) never changed. A correction is a payment reversal.
CREATE TRIGGER `settled_payments_are_permanent` BEFORE DELETE ON `payments`
WHEN old.`request_id` IS NOT NULL OR EXISTS (SELECT 1 FROM `payment_reversals` pr WHERE pr.`payment_id` = old.`id`) BEGIN
  SELECT RAISE(ABORT, 'a payment that settled a payout request is permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `settled_payments_keep_their_money` BEFORE UPDATE OF `user_id`, `amount_micros`, `status`, `viewer_micros`, `request_id` ON `payments`
WHEN old.`request_id` IS NOT NULL OR EXISTS (SELECT 1 FROM `payment_reversals` pr WHERE pr.`payment_id` = old.`id`) BEGIN
  SELECT RAISE(ABORT, 'a payment that settled a payout request is permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `payment_reversals_are_permanent` BEFORE DELETE ON `payment_reversals` BEGIN
  SELECT RAISE(ABORT, 'payment reversals are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `payout_batches_are_permanent` BEFORE DELETE ON `payout_batches` BEGIN
  SELECT RAISE(ABORT, 'payout batches are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `payout_destinations_are_permanent` BEFORE DELETE ON `payout_destinations` BEGIN
  SELECT RAISE(ABORT, 'payout destinations are permanent');
END;
--> statement-breakpoint
CREATE TRIGGER `payout_address_holders_are_permanent` BEFORE DELETE ON `payout_address_holders` BEGIN
  SELECT RAISE(ABORT, 'payout address holders are permanent');
END;
--> statement-breakpoint
-- A member's payout address so far lived on their requests: the newest becomes their destination, usable at
-- once, and each address is held by the first member who asked to be paid to it (keys as common/payouts.ts
-- normalizePayoutAddress makes them, but for phone numbers, which keep their punctuation here).
INSERT INTO `payout_destinations` (`id`, `user_id`, `payment_method`, `payout_address`, `address_key`, `created_at`, `usable_at`)
SELECT 'legacy-' || q.`id`, q.`user_id`, q.`payment_method`, q.`payout_address`, CASE
  WHEN instr(q.`payout_address`, '@') > 1 THEN 'email:' || lower(trim(q.`payout_address`))
  WHEN q.`payment_method` = 'Venmo' THEN 'venmo:' || lower(ltrim(trim(q.`payout_address`), '@'))
  ELSE 'bank:' || lower(replace(replace(replace(replace(replace(replace(replace(q.`payout_address`, ' ', ''), char(9), ''), char(10), ''), char(13), ''), '-', ''), '.', ''), '/', ''))
END, q.`created_at`, q.`created_at`
FROM `payout_requests` q
WHERE q.`rowid` = (SELECT q2.`rowid` FROM `payout_requests` q2 WHERE q2.`user_id` = q.`user_id` ORDER BY q2.`created_at` DESC, q2.`rowid` DESC LIMIT 1);
--> statement-breakpoint
INSERT OR IGNORE INTO `payout_address_holders` (`address_key`, `user_id`, `created_at`)
SELECT d.`address_key`, d.`user_id`, d.`created_at` FROM `payout_destinations` d ORDER BY d.`created_at`;
