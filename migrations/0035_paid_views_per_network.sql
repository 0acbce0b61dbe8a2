-- The earnings job's cap on paid views per (network, creator, UTC day) (docs/decisions/065): paid views only, keyed by
-- the first 8 hex digits of the view's address hash, which name an IPv6 /56 or an IPv4 address. drizzle-kit splits an
-- expression's arguments; written out as in 0025.
CREATE INDEX `views_creator_day_network_idx` ON `views` (`creator_id`,`qualified_day`,substr(`ip_hash`, 1, 8)) WHERE "views"."credit_slot" is not null;
