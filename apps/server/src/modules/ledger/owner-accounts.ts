// Kept for the wallet module, which imports it by this path; the query lives with the others
// in repository.ts. New code imports listAccountsOfOwner from the module's index.
export { listAccountsOfOwner } from './service';
