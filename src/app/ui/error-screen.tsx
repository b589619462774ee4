import { useEffect, useState } from 'react';
import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChunkTimeoutError, isChunkLoadError, reloadOnceForChunkError } from '#app/lib/chunk-recovery.ts';
import { LoadingIndicator } from './loading-indicator.tsx';
import { DocumentTitle } from './document-title.tsx';

/** The default screen for routing failures (docs/product.md §2); a failed chunk load says why and how to recover. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation(['common', 'pwa'], { useSuspense: false });
  const chunkError = isChunkLoadError(error);
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Container size="sm" py="xl" role="alert">
      <Stack>
        <DocumentTitle page={t('errorScreen.title')} />
        <Title order={1}>{t('errorScreen.title')}</Title>
        {chunkError && <Text fw={600}>{t('pwa:chunk.title')}</Text>}
        {error instanceof ChunkTimeoutError && <Text>{t('pwa:chunk.timeout')}</Text>}
        <Text>{chunkError ? t('pwa:chunk.body') : t('errorScreen.body')}</Text>
        {detail && <Code block>{detail}</Code>}
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('errorScreen.reload')}
        </Button>
      </Stack>
    </Container>
  );
}

/** The router's error component: a chunk that failed to load (a deploy, a dropped network) reloads the page once, then shows the screen. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const [reloading] = useState(() => isChunkLoadError(error) && reloadOnceForChunkError());
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);
  return reloading ? <LoadingIndicator /> : <ErrorScreen error={error} />;
}
