-- Decision 391: deposit limits count what was credited, as rows keyed `credit:<ledger key>` and
-- dated when the money was credited, and an order's own row is only its share while it can still
-- be paid. Orders credited before that change still hold their order-keyed row (dated at the
-- order's creation), which the new reading would show as "reserved by open orders". Turn each
-- into the credit row the new code writes: the player's credited amount and the ledger transfer's
-- time, keyed by the transfer's idempotency key, so a credit replayed later is not counted twice.
INSERT INTO safety_deposit_usage (order_ref, player_id, amount_minor, created_at)
SELECT 'credit:' || t.idempotency_key, u.player_id, e.amount_minor, t.created_at
  FROM safety_deposit_usage u
  JOIN ledger_transfers t ON t.reference = u.order_ref AND t.kind IN ('deposit', 'deposit_usdt')
  JOIN ledger_accounts a ON a.code = 'player:' || u.player_id::text || ':main'
  JOIN ledger_entries e ON e.transfer_id = t.id AND e.account_id = a.id AND e.amount_minor > 0
 WHERE u.order_ref NOT LIKE 'credit:%'
ON CONFLICT (order_ref) DO NOTHING;

-- The credited orders' own rows go, as the credit path deletes them: nothing can make them count
-- again. Released rows of credited orders (paid after their cancel, before this change) go too:
-- their credit now counts through its own row.
DELETE FROM safety_deposit_usage u
 WHERE u.order_ref NOT LIKE 'credit:%'
   AND EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.reference = u.order_ref AND t.kind IN ('deposit', 'deposit_usdt'));
