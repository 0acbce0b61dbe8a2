-- A payout request is the record of what a member asked for and what an admin decided (docs/decisions/036):
-- like payments' other evidence (docs/decisions/028), it is never deleted; a decision is a new state, not a removal.
CREATE TRIGGER `payout_requests_are_permanent` BEFORE DELETE ON `payout_requests` BEGIN
  SELECT RAISE(ABORT, 'payout requests are permanent');
END;
