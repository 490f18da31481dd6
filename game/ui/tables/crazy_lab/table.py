"""The Crazy Lab table: the shared trick table with the trump pile, your minus colour,
your secret plus colour and trump picks, and the cards each player has taken."""

from __future__ import annotations

import pygame

import game.ui.tables.crazy_lab.rings as rings
import game.ui.tables.trick.animation as trick_animation
import game.ui.tables.trick.draw as trick_draw
import game.ui.tables.trick.geometry as trick_geometry
from game.services.i18n import MsgList, _, capitalised, msg, ngettext, say
from game.ui import cards, symbols, theme
from game.ui.tables.trick.art import LAB_COLOURS, lab_entries, lab_face, lab_sort_key, scoring_card
from game.ui.tables.trick.panels import ChoicePanel, Option, TrickSheet
from game.ui.tables.trick.table import TrickTable

SYM = {"P": "★", "B": "■", "Y": "●", "O": "▲", "G": "⬢"}


def colour_words(letter: str | None) -> str:
    return "—" if letter is None else f"{_(LAB_COLOURS[letter])} {SYM[letter]}"


class Table(TrickTable):
    game_id = "crazy_lab"
    lesson_ring = rings.lesson_ring  # the parts a lesson's coach can ring

    def card_face(self, name, height):
        return lab_face(name, height)

    def sort_key(self, name, by):
        return lab_sort_key(name, by)

    def round_title(self) -> str:
        v = self.view
        return _("Round {round} of {rounds}").format(round=v.round, rounds=v.rounds)

    def round_subtitle(self) -> str:
        v = self.view
        if v.phase == "choose":
            return _("Secret choices: plus colour and two trump cards")
        done = len(v.round_tricks)
        return _("Trick {n} of 10 · no duty to follow").format(n=min(10, done + 1))

    def is_dealer(self, seat: int) -> bool:
        return seat == self.view.starter

    def plate_detail(self, seat: int) -> str:
        v = self.view
        won = len(v.won[seat])
        n = trick_geometry.hand_count(self, seat)
        return " · ".join(
            (
                f"− {SYM[v.minus[seat]]}",
                ngettext("{n} card", "{n} cards", n).format(n=n),
                _("won {n}").format(n=won),
                _("{n} pts").format(n=self.points(seat)),
            )
        )

    def plate_note(self, seat: int) -> str:
        v = self.view
        if v.phase == "choose" and v.chosen[seat]:
            return _("has chosen")
        return ""

    def waiting_text(self, seat: int) -> str:
        return _("is choosing in secret…") if self.view.phase == "choose" else _("is thinking…")

    def status_text(self) -> str:
        v = self.view
        if v.phase == "choose":
            return _("Your secret choice") if v.plus is None else _("Your trump cards")
        return _("Your turn: play any card · trump is {colour}").format(
            colour=colour_words(v.trump)
        )

    def lead_label(self):
        trump = self.disp.get("trump")
        return (_("Trump"), LAB_COLOURS[trump]) if trump and self.view.phase == "play" else None

    def last_trick_note(self, last: dict) -> str:
        return _("trump {colour}").format(colour=colour_words(last.get("trump")))

    # ------------------------------------------------------------ choices

    def choice(self):
        v = self.view
        if v.phase != "choose":
            return None
        legal = self.legal()
        minus = v.minus[self.anchor]
        if v.plus is None:
            opts = [
                Option(capitalised(LAB_COLOURS[a[5:]]), a, self._card_icon(a[5:], minus))
                for a in legal
            ]
            body = [
                _("Your minus colour is {colour}: its values count against you.").format(
                    colour=colour_words(minus)
                ),
                _(
                    "Pick your secret plus colour from your own stack; nobody sees it until scoring."
                ),
            ]
            return ChoicePanel(
                ("plus", v.round, tuple(legal)),
                msg("Choose your plus colour"),
                body,
                opts,
                self.submit,
                tile=(150, 190),
                icon_px=150,
            )
        opts = []
        for a in legal:
            x, y = a[6:].split(",")
            opts.append(Option(f"{SYM[x]} + {SYM[y]}", a, self._pair_icon(x, y, minus)))
        left = [c for c in v.stack]
        body = [
            _("Your plus colour: {plus} (secret) · minus: {minus}.").format(
                plus=colour_words(v.plus), minus=colour_words(minus)
            ),
            _("Two of {colours} go into the trump pile; the third leaves the game.").format(
                colours=", ".join(colour_words(c) for c in left)
            ),
        ]
        return ChoicePanel(
            ("trump", v.round, tuple(legal)),
            msg("Choose two trump cards"),
            body,
            opts,
            self.submit,
            tile=(210, 190),
            icon_px=150,
        )

    @staticmethod
    def _card_icon(letter: str, minus: str):
        return lambda size: scoring_card(letter, size, minus)

    @staticmethod
    def _pair_icon(x: str, y: str, minus: str):
        def build(size):
            a, b = scoring_card(x, size, minus), scoring_card(y, size, minus)
            surf = pygame.Surface((a.get_width() * 2 + 8, size), pygame.SRCALPHA)
            surf.blit(a, (0, 0))
            surf.blit(b, (a.get_width() + 8, 0))
            return surf

        return build

    # ------------------------------------------------------------ trump pile

    def sync_display(self) -> None:
        v = self.view
        # while the secret choices are made, the pile holds two cards from each seat done
        left = 2 * sum(v.chosen) if v.phase == "choose" else v.trump_left
        self.disp = {"trump": v.trump, "left": left, "used": list(v.trumps_used)}
        self.disp["forming"] = v.phase == "choose"

    def game_event(self, ev) -> None:
        if ev.kind == "trump":
            data = ev.data
            self.fly(
                scoring_card(data["trump"], self.trump_h),
                self.pile_centre(),
                self.turned_centre(),
                tag=("reveal",),
                hold=False,
            )

            trick_animation.later(
                self,
                lambda d=data: self.disp.update(trump=d["trump"], left=d["left"], forming=False),
            )
        elif ev.kind == "trump_pick":  # two more cards on the pile being formed
            trick_animation.later(
                self, lambda: self.disp.update(left=self.disp.get("left", 0) + 2, forming=True)
            )
        elif ev.kind == "trick_won":

            def used():
                if self.disp.get("trump"):
                    self.disp["used"] = [*self.disp.get("used", []), self.disp["trump"]]
                self.disp.update(trump=None, left=max(0, self.disp.get("left", 0) - 1))

            trick_animation.later(self, used)
        elif ev.kind == "deal":
            trick_animation.later(
                self, lambda: self.disp.update(trump=None, left=0, used=[], forming=True)
            )

    def turned_centre(self):
        return trick_geometry.trump_card_centre(self)

    def pile_centre(self):
        return trick_geometry.trump_pile_centre(self, 26)

    def draw_trump(self, surface) -> None:
        m, r, d = self.m, self.trump_rect, self.disp
        trump = d.get("trump")
        colour = LAB_COLOURS[trump] if trump else None
        heading = _("Trump: {colour}").format(colour=_(colour) if colour else "—")
        trick_draw.draw_trump_heading(self, surface, heading, colour)
        c = self.turned_centre()
        flying = any(isinstance(t, tuple) and t[0] == "reveal" for t in self.anim.tags())
        if trump and not flying:
            self.blit_card(surface, scoring_card(trump, self.trump_h), c)
        else:
            trick_draw.draw_empty_trump(self, surface)
        pc = self.pile_centre()
        left = d.get("left", 0)
        for i in range(min(4, left) - 1, -1, -1):
            self.blit_card(
                surface,
                cards.back(m.px(96)),
                (pc[0] - i * m.px(3), pc[1] - i * m.px(3)),
                shadow=i == 0,
            )
        if d.get("forming"):  # cards are being added: how many it holds so far
            label = ngettext("Pile: {n} card", "Pile: {n} cards", left).format(n=left)
        else:
            label = _("Pile: {n} left").format(n=left)
        trick_draw.draw_pile_label(self, surface, label, pc)
        used = d.get("used", [])
        if used:
            label = theme.blit_text(
                surface,
                msg("Used"),
                m.font_px(17),
                (r.x + m.px(20), r.bottom - m.px(44)),
                theme.TEXT_DIM,
            )
            size = m.px(22)
            x = label.right + m.px(8)
            # the latest that fit the panel (the label keeps the readable size where
            # the panel is small, a replay's shorter room)
            fit = max(1, (r.right - m.px(12) - x + m.px(3)) // (size + m.px(3)))
            for col in used[-min(9, fit) :]:
                s = symbols.colour_symbol(LAB_COLOURS[col], size)
                surface.blit(s, (x, r.bottom - m.px(46)))
                x += size + m.px(3)

    def draw_info(self, surface) -> None:
        m, r, v = self.m, self.info_rect, self.view
        theme.draw_panel(surface, r, m.px(14), alpha=200)
        me = self.anchor
        theme.blit_text(
            surface,
            msg("Your colours"),
            m.font_px(22),
            (r.x + m.px(18), r.y + m.px(12)),
            theme.GOLD,
            True,
        )
        y = r.y + m.px(48)
        size = m.px(26)
        minus = v.minus[me]
        rows = [("minus", minus)]
        if self.viewer == me:
            rows.append(("plus", v.plus))
        words = {"minus": _("minus:"), "plus": _("plus:")}
        col_x = (
            r.x + m.px(18) + max(theme.font(m.font_px(21)).size(w + " ")[0] for w in words.values())
        )
        for label, col in rows:
            theme.blit_text(
                surface, words[label], m.font_px(21), (r.x + m.px(18), y), theme.TEXT_DIM
            )
            if col:
                s = symbols.colour_symbol(LAB_COLOURS[col], size)
                surface.blit(s, (col_x, y - m.px(2)))
                room = r.right - m.px(12) - col_x - size - m.px(8)
                word = _(LAB_COLOURS[col])
                secret = _("{colour} (secret)").format(colour=word)
                # "orange (geheim)" gets smaller before it is cut; where even the
                # smallest size is too wide, the colour alone
                if label == "plus" and m.fits(secret, room):
                    word = secret
                theme.blit_fitted(
                    surface, word, m.font_px(21), room, (col_x + size + m.px(8), y), m.floor_px()
                )
            else:
                theme.blit_text(
                    surface, msg("not chosen yet"), m.font_px(21), (col_x, y), theme.TEXT
                )
            y += m.px(32)
        if self.viewer == me and v.plus:
            plus = minus_pts = 0
            for name in v.won[me]:
                for col, val in lab_entries(name):
                    plus += val if col == LAB_COLOURS[v.plus] else 0
                    minus_pts += val if col == LAB_COLOURS[minus] else 0
            theme.blit_fitted(
                surface,
                _("this round: +{plus} −{minus} = {total}").format(
                    plus=plus, minus=minus_pts, total=plus - minus_pts
                ),
                m.font_px(20),
                r.w - m.px(30),
                (r.x + m.px(18), y),
                m.floor_px(),
                theme.TEXT,
            )

    # ------------------------------------------------------------ score sheet

    def score_sheet(self, names, rows, words, last):
        row = rows[-1]
        best = max(row["points"])
        tops = [names[s] for s, p in enumerate(row["points"]) if p == best]
        top = say(MsgList(tops, conjoined=True))
        title = ngettext(
            "Round {round} scored; {players} has the top score, {best}",
            "Round {round} scored; {players} have the top score, {best}",
            len(tops),
        ).format(round=row["round"], players=top, best=f"{best:+d}")
        return TrickSheet.for_round(
            title,
            row,
            names,
            [_("Minus"), _("Plus"), _("+ points"), _("− points"), _("Round")],
            lambda s: [
                (_(LAB_COLOURS[row["minus"][s]]), LAB_COLOURS[row["minus"][s]]),
                (_(LAB_COLOURS[row["plus"][s]]), LAB_COLOURS[row["plus"][s]]),
                f"+{row['plus_points'][s]}",
                f"−{row['minus_points'][s]}",
            ],
            _("Plus colours revealed. Each card counts for every colour printed on it."),
            last,
        )

    def score_notes(self, row: dict) -> str:
        return _("plus {symbols}").format(symbols=" ".join(SYM[p] for p in row.get("plus", [])))
