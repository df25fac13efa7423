import { Accordion, Anchor, Paper, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { contactEmail } from '../../../lib/brand.ts';

const entries = [
  { q: 'faq.q1', a: 'faq.a1' },
  { q: 'faq.q2', a: 'faq.a2' },
  { q: 'faq.q3', a: 'faq.a3' },
] as const;

/** Spec §9: answer panels are at most 200 px high. */
const ANSWER_MAX_HEIGHT = 200;

export function FaqScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('faq.title')} />
      <Paper withBorder maw={820}>
        <Accordion variant="default" chevronPosition="right">
          {entries.map((entry) => (
            <Accordion.Item key={entry.q} value={entry.q}>
              <Accordion.Control>{t(entry.q)}</Accordion.Control>
              <Accordion.Panel>
                <ScrollArea.Autosize mah={ANSWER_MAX_HEIGHT}>
                  <Text size="sm">{t(entry.a, { email: contactEmail })}</Text>
                  {entry.q === 'faq.q3' && (
                    <Anchor href={`mailto:${contactEmail}`} size="sm">
                      {contactEmail}
                    </Anchor>
                  )}
                </ScrollArea.Autosize>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Paper>
    </>
  );
}
