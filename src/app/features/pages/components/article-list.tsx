import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ARTICLES } from '../content/site-content.ts';
import { SitePicture } from './site-picture.tsx';
import classes from './site-lists.module.css';

/** The four scientific articles: image, title, abstract (whole, or `clamped` to a few lines) and link. */
export function ArticleList({ clamped = false, headingOrder = 3 }: { clamped?: boolean; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation('site');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: clamped ? 4 : 2 }} spacing="lg" component="ul" className={classes.list}>
      {ARTICLES.map((article) => {
        const title = t(article.titleKey);
        return (
          <Card key={article.id} component="li" withBorder padding="lg" className={classes.card}>
            <Card.Section>
              <SitePicture image={article.image} alt="" className={classes.cardImage} />
            </Card.Section>
            <Title order={headingOrder} size="h4" mt="md">
              {title}
            </Title>
            <Text mt="xs" className={clamped ? classes.clamp : undefined}>
              {t(article.abstractKey)}
            </Text>
            <Anchor href={article.link} target="_blank" rel="noopener noreferrer" mt="sm" fw={600} aria-label={t('articles.readNamed', { title })}>
              {t('articles.read')}
            </Anchor>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
