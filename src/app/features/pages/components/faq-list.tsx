import { Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FAQ } from '../content/site-content.ts';
import { faqData } from '../content/structured-data.ts';
import { JsonLd } from './json-ld.tsx';

/** The questions and answers of /faq, with their FAQPage structured data. Answers are in the page (not only on open) for search engines. */
export function FaqList() {
  const { t } = useTranslation('site');
  const items = FAQ.map(({ id, questionKey, answerKey }) => ({ id, question: t(questionKey), answer: t(answerKey) }));
  return (
    <>
      <JsonLd data={faqData(items)} />
      <Accordion variant="separated" multiple defaultValue={items.map((item) => item.id)} chevronPosition="right">
        {items.map(({ id, question, answer }) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.Control>{question}</Accordion.Control>
            <Accordion.Panel>{answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
