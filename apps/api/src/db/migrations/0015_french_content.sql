-- Search that ignores accents and case, on PGlite and PostgreSQL alike (neither needs an extension): lower case,
-- then each accented Latin letter to its bare letter (upper case ones too, which lower() leaves alone under the C
-- locale), then the ligatures. Immutable, so generated columns and indexes may use it; queries fold their words with it.
CREATE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(
    translate(lower(t), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳØøŁłĐđÐð', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzsoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyoolldddd'),
    'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss')
$$;
--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "course_sections" ADD COLUMN "title_fr" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "title_fr" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_text_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_vector_fr" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text_fr)) STORED;--> statement-breakpoint
-- No course has French yet, so its French search text is its English one.
UPDATE "courses" SET "search_text_fr" = "search_text";--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "title_fr" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(name || ' ' || sku)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text_fr" text GENERATED ALWAYS AS (search_fold(coalesce(name_fr, name) || ' ' || sku)) STORED;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "help_articles" ADD COLUMN "name_fr" text;--> statement-breakpoint
ALTER TABLE "help_articles" ADD COLUMN "description_fr" text;--> statement-breakpoint
CREATE INDEX "courses_search_fr_idx" ON "courses" USING gin ("search_vector_fr");--> statement-breakpoint
CREATE INDEX "courses_published_search_fr_idx" ON "courses" USING gin ("search_vector_fr") WHERE "courses"."status" = 'published';