import { z } from 'zod';
import { channelSettingsSchema, type ChannelSettingsInput } from '../../../../common/schemas/channels';

/**
 * The settings screen's form: the API's settings plus which link the after-visit message carries; the review
 * page's address is checked (with the API's message) only when it is the chosen link.
 */
export const channelSettingsFormSchema = channelSettingsSchema
  .extend({ surveyReviewUrl: z.string(), link: z.enum(['survey', 'review']) })
  .superRefine((values, context) => {
    if (values.link !== 'review') return;
    const url = channelSettingsSchema.shape.surveyReviewUrl.safeParse(values.surveyReviewUrl);
    const message = !url.success
      ? url.error.issues[0]?.message
      : url.data === '' && values.surveyEnabled
        ? 'Escribe la dirección de la página de opiniones'
        : undefined;
    if (message) context.addIssue({ code: 'custom', path: ['surveyReviewUrl'], message });
  });
export type ChannelSettingsFormValues = z.input<typeof channelSettingsFormSchema>;
export type ChannelSettingsFormOutput = z.output<typeof channelSettingsFormSchema>;

export const toFormValues = ({
  channels,
  surveyEnabled,
  surveyDelayHours,
  surveyReviewUrl,
}: ChannelSettingsInput): ChannelSettingsFormValues => ({
  channels,
  surveyEnabled,
  surveyDelayHours,
  surveyReviewUrl,
  link: surveyReviewUrl ? 'review' : 'survey',
});

/** What is sent: our survey is an empty review address. */
export const toInput = ({ link, surveyReviewUrl, ...rest }: ChannelSettingsFormOutput): ChannelSettingsInput => ({
  ...rest,
  surveyReviewUrl: link === 'review' ? surveyReviewUrl.trim() : '',
});
