ALTER TABLE `webhook_endpoints` ADD `previous_secret` text;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `previous_secret_expires_at` integer;--> statement-breakpoint
-- Hand-written (issue 15, findings 3 and 6): the delivery log keeps a classification, never the
-- receiver's answer; stored idempotent responses keep no secret (the field is null, as replays show it).
UPDATE `webhook_deliveries` SET `last_error` = CASE
  WHEN `response_status` BETWEEN 300 AND 399 THEN 'redirect'
  WHEN `response_status` IS NOT NULL THEN 'http_' || `response_status`
  WHEN `last_error` LIKE 'No answer within%' THEN 'timeout'
  WHEN `last_error` = 'Event or endpoint no longer exists' THEN 'endpoint_removed'
  ELSE 'network_error' END
WHERE `last_error` IS NOT NULL;--> statement-breakpoint
UPDATE `idempotency_keys` SET `response` = json_set(`response`, '$.key', json('null'))
WHERE json_valid(`response`) AND json_extract(`response`, '$.key') LIKE 'wik\_%' ESCAPE '\';--> statement-breakpoint
UPDATE `idempotency_keys` SET `response` = json_set(`response`, '$.secret', json('null'))
WHERE json_valid(`response`) AND json_extract(`response`, '$.secret') LIKE 'whsec\_%' ESCAPE '\';
