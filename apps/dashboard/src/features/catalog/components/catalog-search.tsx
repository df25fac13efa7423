import { Box, Button, CloseButton, Group, Paper, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { parseListQuery } from '@tryon/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterChips, matchSuggestions, type Suggestion, withFilter } from '../search-suggestions.ts';

/** Spec §4: suggestions show on focus and hide 200 ms after blur. */
const HIDE_DELAY_MS = 200;

export interface CatalogSearchProps {
  value: string;
  suggestions: readonly Suggestion[];
  placeholder: string;
  /** Typing: the screen applies it after the search debounce. */
  onType: (value: string) => void;
  /** A chip, a suggestion or clearing: applied at once. */
  onApply: (value: string) => void;
}

const shownLabel = (s: Suggestion & { label: string }) =>
  s.query.trim() && !/^[a-z]/i.test(s.query) ? `${s.query.trim()} ${s.label}` : s.label;

/**
 * The search box as an ARIA combobox (list autocomplete): the suggestions are options of a listbox that the
 * arrow keys move through while focus stays in the box, so Tab goes on to the next control rather than to a
 * suggestion that is about to disappear.
 */
export function CatalogSearch({ value, suggestions, placeholder, onType, onApply }: CatalogSearchProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const filter = parseListQuery(value).filter;
  const labelled = suggestions.map((s) => ({ ...s, label: t(`catalog.suggestion.${s.key}`) }));
  const shown = matchSuggestions(labelled, value);
  const expanded = open && shown.length > 0;
  const choose = (s: Suggestion) => {
    onApply(s.query);
    setOpen(false);
    setActive(-1);
  };
  const move = (step: number) => {
    setOpen(true);
    setActive((i) => (shown.length === 0 ? -1 : (i + step + shown.length) % shown.length));
  };

  return (
    <Box mb="md">
      <Box pos="relative">
        <TextInput
          type="search"
          role="combobox"
          aria-label={t('catalog.search')}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          placeholder={placeholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            value ? <CloseButton aria-label={t('catalog.clearSearch')} onClick={() => onApply('')} /> : null
          }
          value={value}
          onChange={(event) => {
            onType(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              move(event.key === 'ArrowDown' ? 1 : -1);
            } else if (event.key === 'Enter') {
              const picked = expanded ? shown[active] : undefined;
              if (picked) choose(picked);
              else onApply(value);
            } else if (event.key === 'Escape') {
              setOpen(false);
              setActive(-1);
            }
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current);
            setOpen(true);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => {
              setOpen(false);
              setActive(-1);
            }, HIDE_DELAY_MS);
          }}
          size="md"
        />
        <Paper
          withBorder
          shadow="md"
          pos="absolute"
          top="calc(100% + 4px)"
          left={0}
          right={0}
          p={4}
          style={{ zIndex: 20, display: expanded ? undefined : 'none' }}
          id={listId}
          role="listbox"
          aria-label={t('catalog.suggestions')}
          data-testid="search-suggestions"
        >
          {expanded &&
            shown.map((s, i) => (
              <Box
                key={s.key}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                px="sm"
                py={6}
                className="suggestion"
                data-active={i === active || undefined}
                // Keeps focus in the box, so the click lands before the blur hides the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(s)}
              >
                {shownLabel(s)}
              </Box>
            ))}
        </Paper>
      </Box>
      <Group gap={6} mt="sm" aria-label={t('catalog.filters')} role="group">
        {filterChips.map((chip) => (
          <Button
            key={chip.filter}
            size="compact-sm"
            radius="xl"
            variant={filter === chip.filter ? 'filled' : 'default'}
            aria-pressed={filter === chip.filter}
            onClick={() => onApply(withFilter(value, filter === chip.filter ? undefined : chip.filter))}
          >
            {chip.emoji} {t(`catalog.filter.${chip.filter}`)}
          </Button>
        ))}
      </Group>
    </Box>
  );
}
