-- Schools without a copy barcode rule get the default one (eight digits: 00000001…) when every copy barcode
-- they hold already fits it, so nothing they have becomes refused; the others keep "no rule" (generated
-- barcodes still follow the default rule, see printing/barcode-rules.service.ts).
INSERT INTO "barcode_rule" ("school_id", "kind", "prefix", "length", "check_digit")
SELECT s."id", 'book', '', 8, false
FROM "school" s
WHERE NOT EXISTS (SELECT 1 FROM "barcode_rule" r WHERE r."school_id" = s."id" AND r."kind" = 'book')
  AND NOT EXISTS (SELECT 1 FROM "copy" c WHERE c."school_id" = s."id" AND c."barcode" !~ '^[0-9]{8}$');
