"""The Rage table: the shared trick table with predictions, a trump card turned from
the deck, No Trump / Change Trump shown as they happen, and the Joker's colour."""

from __future__ import annotations

import pygame

import game.ui.tables.rage.rings as rings
import game.ui.tables.trick.animation as trick_animation
import game.ui.tables.trick.draw as trick_draw
import game.ui.tables.trick.geometry as trick_geometry
from game.services.i18n import N_, _, capitalised, msg, ngettext
from game.ui import cards, symbols, theme
from game.ui.tables.trick.art import (
    RAGE_COLOURS,
    rage_face,
    rage_index_width,
    rage_readable_height,
    rage_sort_key,
)
from game.ui.tables.trick.panels import ChoicePanel, Option, TrickSheet
from game.ui.tables.trick.table import TrickTable
from game.ui.widgets import Chooser

SYM = {"Y": "●", "O": "▲", "R": "◆", "P": "★", "B": "■", "G": "⬢"}


def colour_words(letter: str | None) -> str:
    return _("no trump") if letter is None else f"{_(RAGE_COLOURS[letter])} {SYM[letter]}"


class Table(TrickTable):
    game_id = "rage"
    lesson_ring = rings.lesson_ring  # the parts a lesson's coach can ring

    # ------------------------------------------------------------ words

    def card_face(self, name, height):
        return rage_face(name, height)

    def face(self, name: str, height: int, hand: bool = False) -> pygame.Surface:
        """In the fanned hand the next card covers a card's lower right, where an action
        card's name is: there the corner code and the picture say what it is."""
        if not hand:
            return super().face(name, height)
        self.faces_drawn.append(name)
        self.hand_faces_drawn.append(name)
        return rage_face(name, height, titled=False)

    def sort_key(self, name, by):
        return rage_sort_key(name, by)

    def round_title(self) -> str:
        v = self.view
        n = v.cards_this_round
        return ngettext(
            "Round {round} of {rounds} · {n} card each",
            "Round {round} of {rounds} · {n} cards each",
            n,
        ).format(round=v.round, rounds=v.rounds, n=n)

    def round_subtitle(self) -> str:
        names = {
            "plus_minus_one": N_("plus/minus one"),
            "hidden_predictions": N_("hidden predictions"),
            "secret_predictions": N_("secret predictions"),
            "winner_takes_all": N_("winner takes all"),
        }
        on = [_(names[k]) for k, val in self.view.options.items() if val and k in names]
        return _("Variants: {list}").format(list=", ".join(on)) if on else ""

    def is_dealer(self, seat: int) -> bool:
        return seat == self.view.dealer

    def prediction_of(self, seat: int) -> str:
        v = self.view
        if not v.predicted[seat]:
            return "–"
        p = v.predictions[seat]
        if p is None or (
            seat == self.anchor and self.viewer != self.anchor and not v.predictions_visible
        ):
            return "?"
        return str(p)

    def plate_detail(self, seat: int) -> str:
        v = self.view
        n = trick_geometry.hand_count(self, seat)
        tricks, p = v.tricks[seat], self.prediction_of(seat)
        if v.players >= 7:
            return _("{n} c · {won}/{predicted} tr · {points} pts").format(
                n=n, won=tricks, predicted=p, points=self.points(seat)
            )
        return " · ".join(
            (
                ngettext("{n} card", "{n} cards", n).format(n=n),
                ngettext(
                    "{won}/{predicted} trick", "{won}/{predicted} tricks", 1 if p == "1" else 2
                ).format(won=tricks, predicted=p),
                _("{n} pts").format(n=self.points(seat)),
            )
        )

    def plate_note(self, seat: int) -> str:
        b = self.view.bonus[seat]
        return _("bonus cards {n}").format(n=f"{b:+d}".replace("-", "−")) if b else ""

    def waiting_text(self, seat: int) -> str:
        return _("is predicting…") if self.view.phase == "predict" else _("is thinking…")

    def status_text(self) -> str:
        v = self.view
        if v.phase == "predict":
            return _("Your prediction")  # the panel above asks the question
        need = v.predictions[self.anchor] - v.tricks[self.anchor]
        lead = self.lead_letter()
        follow = ""
        if lead:  # the legal cards say whether you can follow; a Joker or a wizard always may
            can = any(
                isinstance(a, str) and a[:1] == lead and a[1:].isdigit()
                for a in self.session.legal()
            )
            name = _(RAGE_COLOURS[lead])
            follow = (
                _("follow {colour} · ") if can else _("no {colour}: play any card · ")
            ).format(colour=name)
        if need > 0:
            goal = ngettext("{n} more trick to take", "{n} more tricks to take", need).format(
                n=need
            )
        elif need == 0:
            goal = _("avoid winning")
        else:
            goal = _("{n} over your prediction").format(n=-need)
        return _("Your turn: {follow}{goal}").format(follow=follow, goal=goal)

    def lead_letter(self) -> str | None:
        for __, card in self.shown:
            head, __, named = card.partition(":")
            if head == "J" and named:
                return named
            if head[0] in SYM and head[1:].isdigit():
                return head[0]
        return None

    def lead_label(self):
        lead = self.lead_letter()
        if lead is None:
            return None
        return _("Lead colour"), RAGE_COLOURS[lead]

    def last_trick_note(self, last: dict) -> str:
        parts = [_("trump {colour}").format(colour=colour_words(last.get("trump")))]
        if last.get("lead"):
            parts.append(_("lead {colour}").format(colour=colour_words(last["lead"])))
        if last.get("bonus"):
            parts.append(_("bonus {n}").format(n=f"{last['bonus']:+d}"))
        return " · ".join(parts)

    # ------------------------------------------------------------ choices

    def choice(self):
        v = self.view
        if v.phase != "predict":
            return None
        legal = self.legal()
        n = v.cards_this_round
        opts = []
        for k in range(n + 1):
            act = f"predict:{k}"
            ok = act in legal
            opts.append(
                Option(str(k), act, None, ok, "" if ok else (self.session.refusal(act) or ""))
            )
        body = [
            ngettext(
                "Trump is {colour} · you hold {n} card.",
                "Trump is {colour} · you hold {n} cards.",
                n,
            ).format(colour=colour_words(v.trump), n=n)
        ]
        others = [
            f"{self.session.name(s)} {self.prediction_of(s)}"
            for s in range(v.players)
            if s != self.anchor and v.predicted[s]
        ]
        if others:
            body.append(_("Predictions so far: {list}").format(list=", ".join(others)))
        opt = v.options
        if opt.get("secret_predictions"):
            body.append(_("Secret predictions: yours stays hidden until the round is scored."))
        elif opt.get("hidden_predictions"):
            body.append(_("Hidden predictions: all are revealed together before the first trick."))
        if opt.get("plus_minus_one"):
            body.append(_("Plus/minus one: the predictions may not add up to {n}.").format(n=n))
        return ChoicePanel(
            ("predict", v.round, tuple(legal)),
            msg("How many tricks will you take?"),
            body,
            opts,
            self.submit,
            tile=(60, 72) if n > 6 else (84, 84),
        )

    def play_card(self, card, acts):
        if card != "J":
            return self.submit(acts[0])
        colours = [a.partition(":")[2] for a in acts]
        self.ctx.open_dialog(
            Chooser(
                msg("Name a colour for your Joker"),
                [(capitalised(RAGE_COLOURS[c]), c, self._icon(c)) for c in colours],
                lambda c: self.submit(f"J:{c}"),
                on_cancel=lambda: setattr(self, "origin", None),
                body=_(
                    "The Joker becomes the highest card of that colour. Trump is {colour}."
                ).format(colour=colour_words(self.view.trump)),
            )
        )
        return True

    @staticmethod
    def _icon(letter: str):
        return lambda size: symbols.colour_symbol(RAGE_COLOURS[letter], size)

    # ------------------------------------------------------------ trump widget

    def sync_display(self) -> None:
        v = self.view
        self.disp = {
            "trump": v.trump,
            "card": v.trump_card,
            "aside": list(v.set_aside),
            "deck": v.deck_count,
            "no_trump": v.no_trump,
        }

    def game_event(self, ev) -> None:
        kind, data = ev.kind, ev.data
        if kind == "change_trump":
            new = data.get("trump")
            same = data.get("card") is not None and new == data.get("old")
            if data.get("card") is None:
                trick_animation.flash(self, _("Change Trump: the deck is empty"))
            else:
                trick_animation.flash(
                    self,
                    (
                        _("Change Trump: {colour} stays") if same else _("Change Trump: {colour}")
                    ).format(colour=colour_words(new)),
                )
        if kind in ("trump", "change_trump"):
            shown = list(data.get("revealed", []))
            card = data.get("card")
            src = self.deck_centre()
            for name in shown:
                dst = self.trump_card_centre() if name == card else self.aside_centre()
                self.fly(self.face(name, self.trump_h), src, dst, tag=("reveal",), hold=False)

            def done(d=data, shown=shown, card=card):
                self.disp["aside"] = self.disp.get("aside", []) + [s for s in shown if s != card]
                self.disp["deck"] = max(0, self.disp.get("deck", 0) - len(shown))
                if card is not None:
                    self.disp.update(trump=d.get("trump"), card=card, no_trump=False)

            trick_animation.later(self, done)
        elif kind == "no_trump":
            back = len(data.get("returned", []))

            def nt():
                self.disp.update(
                    trump=None, card=None, no_trump=True, deck=self.disp.get("deck", 0) + back
                )

            trick_animation.later(self, nt)
            trick_animation.flash(self, _("No Trump in this trick"))
        elif kind == "deal":
            trick_animation.later(
                self, lambda: self.disp.update(trump=None, card=None, aside=[], no_trump=False)
            )

    def trump_card_centre(self):
        return trick_geometry.trump_card_centre(self)

    def deck_centre(self):
        return trick_geometry.trump_pile_centre(self, 22)

    def aside_centre(self):
        r, m = self.trump_rect, self.m
        return (r.right - m.px(70), r.bottom - m.px(50))

    def draw_trump(self, surface) -> None:
        m, r, d = self.m, self.trump_rect, self.disp
        hidden = {t for t in self.anim.tags() if isinstance(t, tuple) and t[0] == "reveal"}
        trump = d.get("trump")
        colour = RAGE_COLOURS[trump] if trump else None
        heading = _("Trump: {colour}").format(colour=_(colour) if colour else _("none"))
        trick_draw.draw_trump_heading(self, surface, heading, colour)
        c = self.trump_card_centre()
        if d.get("card") and not hidden:
            self.blit_card(surface, self.face(d["card"], self.trump_h), c)
        elif d.get("no_trump"):
            self.blit_card(surface, self.face("NT", self.trump_h), c)
            # under the card, within the card's half of the panel, where there is room
            # (the heading says "Trump: none" and the card "No trump" in any case)
            size, y = m.font_px(18), c[1] + self.trump_h // 2 + m.px(8)
            room = 2 * min(c[0] - r.x, self.deck_centre()[0] - c[0]) - m.px(8)
            lines = theme.wrap(_("No trump in this trick"), size, room, bold=True)
            if y + len(lines) * int(size * 1.2) <= r.bottom - m.px(4):
                for line in lines:
                    theme.blit_text(surface, line, size, (c[0], y), theme.TEXT, True, "midtop")
                    y += int(size * 1.2)
        else:
            trick_draw.draw_empty_trump(self, surface)
        dc = self.deck_centre()
        deck = d.get("deck", 0)
        if deck:
            self.blit_card(surface, cards.back(m.px(96)), dc)
        label = trick_draw.draw_pile_label(self, surface, _("Deck {n}").format(n=deck), dc)
        aside = d.get("aside", [])
        if aside:
            self.draw_aside(surface, aside, c, dc, label)

    def draw_aside(self, surface, aside: list[str], trump_at, deck_at, label) -> None:
        """The set-aside cards: a row under the deck's label, at the right, their label at
        their left where it clears the trump card; where the panel is too short for that,
        the row sits between the trump card and the deck with its label under it. Each
        card is tall enough for its corner code to read at the size floor, and the next
        card leaves that code in view."""
        m, r = self.m, self.trump_rect
        floor = m.floor_px()
        need = rage_readable_height(floor)
        under = r.bottom - label.bottom - m.px(8)
        small = max(need, min(m.px(56), under))
        w = cards.card_size(small)[0]
        shown = rage_index_width(floor) + round(w * 0.1) + 2  # the code and its margin
        step = max(shown, min(m.px(26), m.px(130) // max(1, len(aside))))
        row_w = w + step * (len(aside) - 1)
        trump_right = trump_at[0] + cards.card_size(self.trump_h)[0] // 2
        size = m.font_px(17)
        if under >= need:
            row_y = (label.bottom + r.bottom) // 2
            row_left = r.right - m.px(16) - row_w
        else:
            row_y = deck_at[1]
            row_left = deck_at[0] - cards.card_size(m.px(96))[0] // 2 - m.px(10) - row_w
        x = row_left + w // 2
        for name in aside:
            self.blit_card(surface, self.face(name, small), (x, row_y), shadow=False)
            x += step
        for words in (_("Set aside"), _("Aside")):
            width = theme.font(size).size(words)[0]
            if under >= need:
                if width > row_left - m.px(8) - trump_right:
                    continue
                at, anchor = (row_left - m.px(6), row_y), "midright"
            else:  # under the row, left of the deck's count
                left = min(row_left + (row_w - width) // 2, label.x - m.px(24) - width)
                if left < trump_right + m.px(8):
                    continue
                at, anchor = (left, label.y), "topleft"
            theme.blit_text(surface, words, size, at, theme.TEXT_DIM, False, anchor)
            break

    def draw_info(self, surface) -> None:
        m, r, v = self.m, self.info_rect, self.view
        theme.draw_panel(surface, r, m.px(14), alpha=200)
        me = self.anchor
        # a replay asks nobody to predict: the panel is the seat's round, named for it
        live = self.ctx.live
        theme.blit_text(
            surface,
            msg("Your round") if live else self.session.name(me),
            m.font_px(22),
            (r.x + m.px(18), r.y + m.px(14)),
            theme.GOLD,
            True,
        )
        if self.viewer != me:
            lines = [_("(hidden until your turn)")]
        elif v.phase == "predict" and v.predictions[me] is None and not live:
            k = v.cards_this_round
            lines = [
                _("Prediction {p} · won {won}").format(p="–", won=v.tricks[me]),
                ngettext("{n} trick in this round", "{n} tricks in this round", k).format(n=k),
            ]
        elif v.phase == "predict" and v.predictions[me] is None:
            k = v.cards_this_round
            lines = [
                _("Predict your tricks"),
                ngettext("{n} trick in this round", "{n} tricks in this round", k).format(n=k),
            ]
        else:
            p = v.predictions[me]
            need = p - v.tricks[me]
            lines = [
                _("Prediction {p} · won {won}").format(p=p, won=v.tricks[me]),
                _("need {n} more").format(n=need)
                if need > 0
                else _("exactly made")
                if need == 0
                else _("{n} too many").format(n=-need),
            ]
            if v.bonus[me]:
                lines.append(_("bonus cards {n}").format(n=f"{v.bonus[me]:+d}"))
        y = r.y + m.px(52)
        for line in lines:
            theme.blit_text(surface, line, m.font_px(21), (r.x + m.px(18), y), theme.TEXT)
            y += m.px(30)

    # ------------------------------------------------------------ score sheet

    def score_sheet(self, names, rows, words, last):
        row = rows[-1]
        return TrickSheet.for_round(
            words or _("Round {round}").format(round=row["round"]),
            row,
            names,
            [_("Predicted"), _("Tricks"), _("Bonus"), _("Points")],
            lambda s: [
                str(row["predictions"][s]),
                str(row["tricks"][s]),
                f"{row['bonus'][s]:+d}",
            ],
            _(
                "1 point a trick · +10 for an exact prediction, −5 otherwise · "
                "plus the +5/−5 cards won"
            ),
            last,
        )

    def score_notes(self, row: dict) -> str:
        n = row.get("cards", 0)
        return ngettext("{n} card", "{n} cards", n).format(n=n)
