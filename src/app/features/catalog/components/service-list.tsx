import { Card, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '#app/lib/use-language.ts';
import { QueryState } from '#app/ui/query-state.tsx';
import { servicesQuery } from '../api/catalog-queries.ts';

export function ServiceList() {
  const query = useQuery(servicesQuery(useLanguage()));
  return (
    <QueryState query={query} isEmpty={(data) => data.row.length === 0}>
      {(data) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {data.row.map((service) => (
            <Card key={service.id} component="li" withBorder padding="lg" data-testid={`service-${service.id}`}>
              <Card.Section>
                <Image src={service.img} alt="" h={180} fit="cover" />
              </Card.Section>
              <Title order={2} size="h4" mt="md">
                {service.title}
              </Title>
              <Text c="dimmed" mt="xs">
                {service.shortDescription}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}
