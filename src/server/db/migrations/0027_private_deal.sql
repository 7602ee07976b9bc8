-- One account buys and sells, and protected payment (decision 0042). Every account holds the
-- buyer role; the seller role is `users.role = 'seller'` (registration's choice, or added later
-- with POST /api/profile/seller).
ALTER TABLE "users" ADD COLUMN "is_buyer" boolean DEFAULT true NOT NULL;
