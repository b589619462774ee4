import { useEffect, useState } from 'react';
import { ActionIcon, Group, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIdle } from '#app/lib/use-idle.ts';
import { SITE_NAME } from '#shared/site-seo.ts';
import { SLIDES } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import classes from './slide-carousel.module.css';

const ADVANCE_MS = 7_000;
const SLIDE_SIZES = '(min-width: 1200px) 1140px, calc(100vw - 32px)';

/**
 * The home page's slides (WAI-ARIA carousel pattern): previous/next and one button per slide, a pause
 * button, no rotation while the pointer or focus is inside, none at first when the user prefers reduced motion;
 * a slide the user picks is announced politely (not while rotating, which would talk over the page).
 */
export function SlideCarousel() {
  const { t } = useTranslation('site');
  const reducedMotion = useReducedMotion();
  const [current, setCurrent] = useState(0);
  // The visitor's own play/pause choice; until they make one, it plays unless they prefer reduced motion.
  const [choice, setChoice] = useState<boolean | null>(null);
  const [held, setHeld] = useState(false);
  const playing = choice ?? !reducedMotion;
  const rotating = playing && !held;
  const total = SLIDES.length;
  // The hidden slides' images load once the page has and the browser is idle (not competing with the first
  // slide, the LCP): a lazy image that is not displayed would only start loading when its slide shows, empty.
  const otherSlidesLoading = useIdle() ? 'eager-low' : 'lazy';
  const show = (index: number) => setCurrent((index + total) % total);

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setCurrent((index) => (index + 1) % total), ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, total]);

  return (
    <section
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={t('carousel.label')}
      className={classes.carousel}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') show(current - 1);
        if (event.key === 'ArrowRight') show(current + 1);
      }}
    >
      <div aria-live={rotating ? 'off' : 'polite'} aria-atomic="false">
        {SLIDES.map((slide, index) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription={t('carousel.slideRoleDescription')}
            aria-label={t('carousel.slideLabel', { current: index + 1, total })}
            hidden={index !== current}
            className={classes.slide}
          >
            <div className={classes.frame}>
              <SitePicture image={slide.image} alt="" sizes={SLIDE_SIZES} loading={index === 0 ? 'eager-high' : otherSlidesLoading} className={classes.image} />
              {slide.logo ? <img src="/logo.svg" alt={SITE_NAME} width={128} height={32} className={classes.logo} /> : null}
            </div>
            <Text className={classes.caption}>{t(slide.captionKey)}</Text>
          </div>
        ))}
      </div>
      <Group justify="space-between" gap="xs" mt="sm" wrap="nowrap">
        <ActionIcon variant="default" size="lg" onClick={() => setChoice(!playing)} aria-label={t(playing ? 'carousel.pause' : 'carousel.play')}>
          {playing ? <IconPlayerPauseFilled size={18} aria-hidden="true" /> : <IconPlayerPlayFilled size={18} aria-hidden="true" />}
        </ActionIcon>
        <Group gap={6} wrap="nowrap">
          {SLIDES.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              className={classes.dot}
              aria-label={t('carousel.goTo', { number: index + 1 })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size="lg" onClick={() => show(current - 1)} aria-label={t('carousel.previous')}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" onClick={() => show(current + 1)} aria-label={t('carousel.next')}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Group>
    </section>
  );
}
