/**
 * The players module's public face: the player record, its public view and the account routes.
 * Players know nothing of authentication; auth uses these functions to create and find players.
 */
export { maskPhone } from './phone';
export {
  findPlayerById,
  findPlayerByPhone,
  findPlayerByUid,
  insertPlayer,
  PhoneTakenError,
  playersRegisteredNear,
  playersRegisteredSince,
  selectRegistrations,
  toUserInfo,
  touchLastLogin,
  updatePasswordHash,
  type PlayerRow,
} from './repo';
export { playerRoutes, type PlayerRoutesOptions } from './routes';
