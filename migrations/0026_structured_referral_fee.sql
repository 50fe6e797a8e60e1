ALTER TABLE `businesses` ADD `fee_kind` text;--> statement-breakpoint
ALTER TABLE `businesses` ADD `fee_basis_points` integer;--> statement-breakpoint
ALTER TABLE `businesses` ADD `fee_amount_minor` integer;--> statement-breakpoint
ALTER TABLE `businesses` ADD `fee_currency` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `terms_fee_kind` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `terms_fee_basis_points` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `terms_fee_amount_minor` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `terms_fee_currency` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `cashback_proposal` text;--> statement-breakpoint
-- Issue 33 (decision 119): the free-text fees that read as exactly one structured fee become one,
-- as parseReferralFee (app/utils/referral-fee.ts) reads them; db/migration-0026.test.ts holds the
-- two to the same answers. Percentages: "10%", "12.5 %" (one decimal at most, 0.1 to 100).
UPDATE `businesses` SET `fee_kind` = 'percentage', `fee_basis_points` = p.`bps`
FROM (
  SELECT `id`, CAST(round(CAST(`n` AS REAL) * 100) AS INTEGER) AS `bps`
  FROM (SELECT `id`, trim(substr(trim(`referral_fee`), 1, length(trim(`referral_fee`)) - 1)) AS `n`
        FROM `businesses` WHERE substr(trim(`referral_fee`), -1) = '%')
  WHERE `n` GLOB '[0-9]*' AND `n` NOT GLOB '*[^0-9.]*' AND `n` NOT GLOB '*.*.*'
    AND (instr(`n`, '.') = 0 OR length(`n`) - instr(`n`, '.') = 1)
    AND length(`n`) - (CASE WHEN instr(`n`, '.') = 0 THEN 0 ELSE 2 END) BETWEEN 1 AND 3
) AS p
WHERE p.`id` = `businesses`.`id` AND p.`bps` BETWEEN 10 AND 10000;
--> statement-breakpoint
-- Flat amounts: "$500" (USD), "US$500", "S$500" (SGD), "SGD 1,000", "sgd1000.50", "500 EUR". Thousands
-- separators must group by three; decimals no more than the currency has; above 0 and at most 1e9.
UPDATE `businesses` SET `fee_kind` = 'flat', `fee_currency` = f.`currency`, `fee_amount_minor` = f.`minor`
FROM (
  SELECT `id`, `currency`,
    CAST(replace(`i`, ',', '') AS INTEGER) * (CASE `currency` WHEN 'JPY' THEN 1 ELSE 100 END)
      + (CASE length(`d`) WHEN 0 THEN 0 WHEN 1 THEN CAST(`d` AS INTEGER) * 10 ELSE CAST(`d` AS INTEGER) END) AS `minor`,
    `i`, `d`, `a`
  FROM (
    SELECT `id`, `currency`, `a`,
      CASE WHEN instr(`a`, '.') > 0 THEN substr(`a`, 1, instr(`a`, '.') - 1) ELSE `a` END AS `i`,
      CASE WHEN instr(`a`, '.') > 0 THEN substr(`a`, instr(`a`, '.') + 1) ELSE '' END AS `d`
    FROM (
      SELECT `id`,
        CASE
          WHEN `t` GLOB 'US$*' THEN 'USD'
          WHEN `t` GLOB 'S$*' THEN 'SGD'
          WHEN `t` GLOB '$*' THEN 'USD'
          WHEN upper(substr(`t`, 1, 3)) IN ('SGD','USD','EUR','GBP','AUD','JPY','CNY','HKD','MYR','IDR') THEN upper(substr(`t`, 1, 3))
          WHEN upper(substr(`t`, -3)) IN ('SGD','USD','EUR','GBP','AUD','JPY','CNY','HKD','MYR','IDR') THEN upper(substr(`t`, -3))
        END AS `currency`,
        CASE
          WHEN `t` GLOB 'US$*' THEN trim(substr(`t`, 4))
          WHEN `t` GLOB 'S$*' THEN trim(substr(`t`, 3))
          WHEN `t` GLOB '$*' THEN trim(substr(`t`, 2))
          WHEN upper(substr(`t`, 1, 3)) IN ('SGD','USD','EUR','GBP','AUD','JPY','CNY','HKD','MYR','IDR') THEN trim(substr(`t`, 4))
          ELSE trim(substr(`t`, 1, length(`t`) - 3))
        END AS `a`
      FROM (SELECT `id`, trim(`referral_fee`) AS `t` FROM `businesses` WHERE `fee_kind` IS NULL)
    )
    WHERE `currency` IS NOT NULL
  )
  WHERE `i` GLOB '[0-9]*' AND `i` NOT GLOB '*[^0-9,]*' AND `d` NOT GLOB '*[^0-9]*'
    AND (instr(`i`, ',') = 0 OR printf('%,d', CAST(replace(`i`, ',', '') AS INTEGER)) = `i`)
    AND length(replace(`i`, ',', '')) <= 10 AND CAST(replace(`i`, ',', '') AS INTEGER) <= 1000000000
    AND (instr(`a`, '.') = 0 OR length(`d`) BETWEEN 1 AND (CASE `currency` WHEN 'JPY' THEN 0 ELSE 2 END))
) AS f
WHERE f.`id` = `businesses`.`id` AND f.`minor` > 0;
--> statement-breakpoint
-- Referrals not yet completed freeze the structured fee when their frozen text is the business's
-- current one; a cashback that differs from a percentage fee becomes an open proposal (decision 120).
-- Completed referrals keep their free-text terms and the commission they stand with.
UPDATE `referrals` SET
  `terms_fee_kind` = b.`fee_kind`,
  `terms_fee_basis_points` = b.`fee_basis_points`,
  `terms_fee_amount_minor` = b.`fee_amount_minor`,
  `terms_fee_currency` = b.`fee_currency`,
  `cashback_proposal` = CASE
    WHEN b.`fee_kind` = 'percentage' AND b.`fee_basis_points` <> `referrals`.`cashback_basis_points` THEN 'proposed'
  END
FROM `businesses` AS b
WHERE b.`id` = `referrals`.`business_id` AND b.`fee_kind` IS NOT NULL
  AND `referrals`.`status` <> 'completed' AND `referrals`.`terms_referral_fee` = b.`referral_fee`;
--> statement-breakpoint
-- The display string becomes the derived one ("12.5 %" -> "12.5%", "S$500" -> "SGD 500", "USD 500" -> "$500").
UPDATE `businesses` SET `referral_fee` = CASE
    WHEN `fee_kind` = 'percentage' THEN
      (`fee_basis_points` / 100) || CASE WHEN `fee_basis_points` % 100 = 0 THEN '' ELSE '.' || ((`fee_basis_points` % 100) / 10) END || '%'
    ELSE
      (CASE WHEN `fee_currency` = 'USD' THEN '$' ELSE `fee_currency` || ' ' END)
      || (CASE WHEN `fee_currency` = 'JPY' THEN printf('%,d', `fee_amount_minor`)
          ELSE printf('%,d', `fee_amount_minor` / 100)
            || CASE WHEN `fee_amount_minor` % 100 = 0 THEN '' ELSE printf('.%02d', `fee_amount_minor` % 100) END END)
  END
WHERE `fee_kind` IS NOT NULL;
