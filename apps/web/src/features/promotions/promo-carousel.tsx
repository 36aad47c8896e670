import type { ComponentType } from 'react';
import { Carousel } from '../../components/ui/carousel';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';
import { RechargeArt, ResponsibleArt, WingoArt } from './promo-art';
import './promo-carousel.css';

interface Promo {
  id: string;
  titleKey: PlainMessageKey;
  textKey: PlainMessageKey;
  Art: ComponentType;
}

// Our own promotions: each states something the product really does or requires.
const PROMOS: readonly Promo[] = [
  { id: 'wingo', titleKey: 'promo.wingo.title', textKey: 'promo.wingo.text', Art: WingoArt },
  { id: 'upi', titleKey: 'promo.upi.title', textKey: 'promo.upi.text', Art: RechargeArt },
  { id: 'responsible', titleKey: 'promo.responsible.title', textKey: 'promo.responsible.text', Art: ResponsibleArt },
];

/** The home page's promotional carousel. */
export function PromoCarousel() {
  const { t } = useI18n();
  const slides = PROMOS.map(({ id, titleKey, textKey, Art }) => ({
    id,
    content: (
      <div className={`promo promo--${id}`}>
        <div className="promo__text">
          <h2 className="promo__title">{t(titleKey)}</h2>
          <p className="promo__body">{t(textKey)}</p>
        </div>
        <div className="promo__art">
          <Art />
        </div>
      </div>
    ),
  }));
  return <Carousel slides={slides} label={t('home.promotions')} />;
}
