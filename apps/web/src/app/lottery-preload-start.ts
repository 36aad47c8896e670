import { preloadLottery } from './lottery-preload';

// Imported by the router for this effect, once per page load, when the lottery layout first
// renders (app/router.tsx): a call through `.then` there would cost bytes of the entry chunk,
// whose budget is full.
void preloadLottery(location.pathname);
