-- PLACEHOLDER for wave 2 merge: migration 006 belongs to another helper's branch.
-- The coordinator drops this file when merging (it only keeps the numbering contiguous here).
SELECT 1;
