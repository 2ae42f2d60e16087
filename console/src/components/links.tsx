import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type AnchorElementProps = Omit<AnchorProps, 'href'> & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

const PlainAnchor = forwardRef<HTMLAnchorElement, AnchorElementProps>((props, ref) => <Anchor ref={ref} {...props} />);
PlainAnchor.displayName = 'PlainAnchor';

/** Mantine's Anchor as a router link: typed `to` and `params`, and the router's navigation. */
export const AnchorLink = createLink(PlainAnchor);
