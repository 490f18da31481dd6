"""Mouse and keyboard input for the Cross Rummy table (mixed into ``Table``).

Presses are kept in ``self.press`` (kind "rack", "cell", "market" or "pan"); a move
of more than 10 px makes a press a drag. Drops change only the table being built
(``work``, ``own``, ``rack_work``); the engine judges it (``revalidate``, Done).
"""

from __future__ import annotations

import pygame

from game.services.i18n import msg
from game.ui.tables.cross_rummy.board_draw import badge_spots

ZOOM_MIN, ZOOM_MAX = 26, 110  # cell height in reference pixels


class TableInput:
    # ---------------------------------------------------------------- input

    def rack_hit(self, pos) -> int | None:
        for i in range(len(self.rack_slots) - 1, -1, -1):
            if self.rack_slots[i][1].collidepoint(pos):
                return i
        return None

    def badge_hit(self, pos) -> tuple[int, ...] | None:
        """The numbers of the problems whose badges on the board are under ``pos`` (two
        problems starting at one tile put their badges on one spot)."""
        hit = tuple(
            number
            for centre, radius, number in badge_spots(self)
            if (pos[0] - centre[0]) ** 2 + (pos[1] - centre[1]) ** 2 <= radius * radius
        )
        return hit or None

    def market_hit(self, pos) -> str | None:
        for name, rect in self.market_slots:
            if rect.collidepoint(pos):
                return name
        return None

    def buttons(self) -> list:
        if self.swap_choice():
            return [self.give_button, self.hint_button, self.sort_button]
        out = [self.sort_button]
        if self.my_turn():
            legal = self.legal()
            if legal == ["pass"]:
                out.append(self.pass_button)
            elif legal and all(a.startswith("lay:") for a in legal):
                # nothing to draw or take: the Draw slot asks why a pass is refused
                out += [self.done_button, self.reset_button, self.why_pass_button]
            else:
                out += [self.done_button, self.reset_button, self.draw_button]
            if self.market_pick is not None:
                out.append(self.take_button)
            out.append(self.hint_button)
        return out

    def handle(self, ev) -> bool:
        for b in self.buttons():
            if b.handle(ev):
                return True
        if ev.type == pygame.MOUSEWHEEL:
            self.zoom_by(1.15**ev.y, pygame.mouse.get_pos())
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return self.mouse_down(ev.pos)
        if ev.type == pygame.MOUSEMOTION:
            return self.mouse_move(ev.pos)
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            return self.mouse_up(ev.pos)
        if ev.type == pygame.KEYDOWN:
            return self.key(ev.key, getattr(ev, "mod", 0))
        return False

    def mouse_down(self, pos) -> bool:
        i = self.rack_hit(pos)
        visible = self.viewer == self.anchor
        if i is not None and visible and self.ctx.can_act:
            name, rect = self.rack_slots[i]
            self.press = {
                "kind": "rack",
                "index": i,
                "name": name,
                "start": pos,
                "pos": pos,
                "drag": False,
                "grab": (pos[0] - rect.centerx, pos[1] - rect.centery),
            }
            return True
        if self.market_hit(pos) and self.ctx.can_act:
            self.press = {
                "kind": "market",
                "name": self.market_hit(pos),
                "start": pos,
                "pos": pos,
                "drag": False,
            }
            return True
        if self.board.collidepoint(pos):
            cell = self.cell_at(pos)
            h = self.hint
            lay_hinted = h and h["kind"] == "lay" and self.my_turn()
            if lay_hinted and (cell in h["added"] or any(cell == d for __, d, ___ in h["moved"])):
                self.apply_hint()  # a click on a ghost puts the hinted lay down
                return True
            if cell in self.work and self.my_turn():
                rect = self.cell_rect(cell)
                self.press = {
                    "kind": "cell",
                    "cell": cell,
                    "name": self.work[cell],
                    "start": pos,
                    "pos": pos,
                    "drag": False,
                    "grab": (pos[0] - rect.centerx, pos[1] - rect.centery),
                }
            else:
                self.press = {
                    "kind": "pan",
                    "start": pos,
                    "pos": pos,
                    "drag": False,
                    "cam": tuple(self.cam),
                }
            return True
        return False

    def mouse_move(self, pos) -> bool:
        p = self.press
        if p is None:
            hover = self.market_hit(pos) or self.rack_hit(pos)
            on_board = self.board.collidepoint(pos)
            badge = self.badge_hit(pos) if on_board else None
            cell = self.cell_at(pos) if on_board and badge is None else None
            # a tile a problem names, its badge or the list: the whole reason shows
            spot = cell if cell in self.problem_cells else None
            listed = self.problem_list_rect is not None and self.problem_list_rect.collidepoint(pos)
            before = (self.hover, self.hover_cell, self.hover_badge, self.hover_list)
            self.hover, self.hover_cell, self.hover_badge = hover, spot, badge
            self.hover_list = bool(listed and self.problems)
            return before != (self.hover, self.hover_cell, self.hover_badge, self.hover_list)
        p["pos"] = pos
        if not p["drag"] and abs(pos[0] - p["start"][0]) + abs(pos[1] - p["start"][1]) > self.m.px(
            10
        ):
            p["drag"] = True
        if p["kind"] == "pan" and p["drag"]:
            cw, ch = self.cell_size()
            self.cam = [
                p["cam"][0] - (pos[0] - p["start"][0]) / cw,
                p["cam"][1] - (pos[1] - p["start"][1]) / ch,
            ]
            self.user_camera = True
        return True

    def mouse_up(self, pos) -> bool:
        p, self.press = self.press, None
        kind = p["kind"]
        if kind == "market":
            if not p["drag"] or self.market_hit(pos) == p["name"]:
                self.pick_market(p["name"])
            return True
        if not p["drag"]:
            return self.click(p, pos)
        if kind == "pan" or self.swap_choice() or not self.my_turn():
            return True
        name = p["name"]
        if name in ("SWAP", "DRAW3"):
            if self.board.collidepoint(pos):
                self.ctx.toast(
                    msg("Event tiles are never laid: click one on your rack to play it.")
                )
            return True
        if self.board.collidepoint(pos):
            target = self.cell_at(pos)
            if kind == "rack":
                self.place_from_rack(name, target)
            else:
                self.move_cell(p["cell"], target)
        elif self.rack_rect.collidepoint(pos) and kind == "cell":
            self.return_to_rack(p["cell"])
        return True

    def click(self, p, pos) -> bool:
        """A press without a drag: select, lift or put down (click-to-place)."""
        kind = p["kind"]
        if kind == "rack":
            self.click_rack(p["index"], p["name"])
            return True
        if not self.my_turn():
            return True
        cell = self.cell_at(pos)
        if kind == "cell":
            if self.held is not None and self.held != cell:
                return True  # occupied: nothing to do
            self.held = None if self.held == cell else cell
            return True
        if self.held is not None:
            self.move_cell(self.held, cell)
        elif self.focus is not None and self.focus < len(self.rack_slots):
            self.place_from_rack(self.rack_slots[self.focus][0], cell)
        return True

    # -- the three edits (drag, click and keys all use these)

    def place_from_rack(self, name: str, target) -> bool:
        if name in ("SWAP", "DRAW3"):
            self.ctx.toast(msg("Event tiles are never laid: click one on your rack to play it."))
            return False
        if target in self.work or name not in self.rack_work:
            return False
        self.rack_work.remove(name)
        self.own.add(target)
        self.work[target] = name
        self.focus = None
        self.after_edit()
        return True

    def move_cell(self, cell, target) -> bool:
        self.held = None
        if cell not in self.work or (target in self.work and target != cell):
            return False
        if target == cell:
            return True
        name = self.work.pop(cell)
        if cell in self.own:
            self.own.discard(cell)
            self.own.add(target)
        self.work[target] = name
        self.after_edit()
        return True

    def return_to_rack(self, cell) -> bool:
        self.held = None
        if cell not in self.work:
            return False
        if cell in self.own:
            self.rack_work.append(self.work.pop(cell))
            self.own.discard(cell)
            self.after_edit()
            return True
        trial = {c: n for c, n in self.work.items() if c != cell}
        refusal = [
            q.text for q in self.session.state.validate_lay(trial) if "stay on the table" in q.text
        ]
        self.ctx.toast(
            refusal[0]
            if refusal
            else msg("Only tiles you put down this turn go back to your rack.")
        )
        return False

    def after_edit(self) -> None:
        self.hint = None  # the table changed: the hint was for the table before
        self.layout_rack()
        self.revalidate()

    def click_rack(self, index: int, name: str) -> None:
        if self.swap_choice():
            if index in self.selected:
                self.selected.remove(index)
            else:
                self.selected = [*self.selected, index][-2:]
            return
        if name in ("SWAP", "DRAW3") and self.my_turn():
            self.play_event(name)
        elif self.my_turn():
            self.focus = None if self.focus == index else index

    def zoom_by(self, factor: float, pos=None) -> None:
        old = self.cell_size()
        anchor = self.cell_at(pos) if pos and self.board.collidepoint(pos) else None
        self.zoom = max(ZOOM_MIN, min(ZOOM_MAX, self.zoom * factor))
        new = self.cell_size()
        if anchor is not None and new != old:
            # keep the point under the pointer still
            fx = (pos[0] - self.board.centerx) / old[0] + self.cam[0]
            fy = (pos[1] - self.board.centery) / old[1] + self.cam[1]
            self.cam = [
                fx - (pos[0] - self.board.centerx) / new[0],
                fy - (pos[1] - self.board.centery) / new[1],
            ]
        self.user_camera = True

    def key(self, key: int, mod: int = 0) -> bool:
        if key == pygame.K_ESCAPE:
            if (
                self.press is not None
                or self.held is not None
                or self.focus is not None
                or self.market_pick is not None
            ):
                self.press = self.held = self.focus = self.market_pick = None
                return True
            return False
        pans = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }
        if key in pans and mod & pygame.KMOD_SHIFT:
            dx, dy = pans[key]
            x, y = self.cursor if self.cursor is not None else self.cell_at(self.board.center)
            self.cursor = (x + dx, y + dy)
            if not self.board.contains(self.cell_rect(self.cursor)):
                self.cam = [self.cam[0] + dx, self.cam[1] + dy]
            return True
        if key in pans:
            dx, dy = pans[key]
            self.cam = [self.cam[0] + dx, self.cam[1] + dy]
            self.user_camera = True
            return True
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom_by(1.15)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom_by(1 / 1.15)
            return True
        if key == pygame.K_c:
            self.centre_camera()
            self.user_camera = False
            return True
        if key == pygame.K_s:
            self.toggle_sort()
            return True
        if not self.ctx.can_act:
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.swap_choice():
                self.give()
            elif self.market_pick is not None:
                self.take_picked()
            else:
                self.done()
            return True
        if key == pygame.K_r:
            self.reset()
            return True
        if key == pygame.K_h:
            self.toggle_hint()
            return True
        if key == pygame.K_d:
            self.draw_tile()
            return True
        if key == pygame.K_TAB and self.rack_slots:
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            self.focus = 0 if self.focus is None else (self.focus + step) % len(self.rack_slots)
            return True
        if key == pygame.K_SPACE:
            if self.swap_choice() and self.focus is not None:
                self.click_rack(self.focus, self.rack_slots[self.focus][0])
                return True
            return self.key_space()
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.my_turn():
            cell = self.held if self.held is not None else self.cursor
            if cell is not None:
                self.return_to_rack(cell)
            return True
        return False

    def key_space(self) -> bool:
        if not self.my_turn():
            return False
        if self.cursor is None:
            self.cursor = self.cell_at(self.board.center)
            return True
        if self.held is not None:
            self.move_cell(self.held, self.cursor)
        elif self.cursor in self.work:
            self.held = self.cursor
        elif self.focus is not None and self.focus < len(self.rack_slots):
            name = self.rack_slots[self.focus][0]
            if name in ("SWAP", "DRAW3"):
                self.play_event(name)
            else:
                self.place_from_rack(name, self.cursor)
        return True
