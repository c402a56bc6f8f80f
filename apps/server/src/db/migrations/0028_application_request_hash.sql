-- A request key reused with other answers (or for another property) is refused instead of answered
-- with the receipt of the application the key first made: the submission's hash is kept beside the
-- key. Applications made before have none, so their key answers no later request: a retry
-- straddling the upgrade is refused rather than risking another applicant's receipt.
ALTER TABLE "applications" ADD COLUMN "request_hash" text;
