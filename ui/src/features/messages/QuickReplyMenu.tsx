import { Box, Icon, Stack, Text } from '@chakra-ui/react';
import { LuPaperclip } from 'react-icons/lu';
import { cutLabel, type QuickReply } from './model';

export function QuickReplyMenu({ replies, active, onPick }: { replies: QuickReply[]; active: number; onPick: (reply: QuickReply) => void }) {
  return (
    <Stack
      position="absolute"
      bottom="100%"
      left="0"
      right="0"
      mb="1"
      maxH="240px"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      shadow="md"
      gap="0"
      py="1"
      zIndex="dropdown"
      role="listbox"
      data-testid="quick-replies"
    >
      {replies.map((reply, index) => (
        <Box
          key={reply.id}
          role="option"
          aria-selected={index === active}
          px="3"
          py="1.5"
          cursor="pointer"
          bg={index === active ? 'bg.muted' : undefined}
          _hover={{ bg: 'bg.muted' }}
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(reply);
          }}
          data-testid={`quick-reply-${reply.id}`}
        >
          <Text textStyle="sm">
            <Text as="span" fontWeight="semibold">
              /{reply.shortcode}
            </Text>{' '}
            <Text as="span" color="fg.muted" data-testid="quick-reply-label">
              {/* A reply that sends a file is named by its file when it has no text. */}
              {reply.mediaPath && (
                <Icon verticalAlign="middle" data-testid="quick-reply-file">
                  <LuPaperclip />
                </Icon>
              )}{' '}
              {cutLabel(reply.message || (reply.mediaName ?? ''))}
            </Text>
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
