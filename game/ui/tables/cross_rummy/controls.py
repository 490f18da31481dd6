"""The Cross Rummy table's input: the pointer and the keys, turned into the table's edits
of the turn being built and into moves.

A press on the rack, a market tile, a tile of the table or the board's background
becomes a click (pick a rack tile, lift a table tile, put either down on a cell; choose a
market tile) or, past a small threshold, a drag (a tile to a cell or back to the rack;
the board panned). The keys: arrows pan and Shift+arrows move the cell cursor, +/−
zoom, C centres, S sorts; on your turn Enter is Done (or Take, or the Swap's pass), R
resets, H the hint, D draws, Tab picks a rack tile, Space puts down or lifts, Backspace
takes a tile back.

Functions of the table (``handle`` is its BaseTable contract, taken at module level):
what is pressed, picked, lifted and pointed at is the table's per-seat state
(``press``, ``focus``, ``held``, ``cursor``, the hovers); the edits are the table's
(``place_from_rack``, ``move_cell``, ``return_to_rack``) and judged by the engine, the
other moves ``moves.py``'s.
"""

from __future__ import annotations

import pygame

import game.ui.tables.cross_rummy.moves as moves
from game.services.i18n import msg
from game.ui.tables.cross_rummy.board_draw import badge_spots
from game.ui.tables.cross_rummy.draft import EVENT_TILES


def handle(t, ev) -> bool:
    """One pygame event: the buttons first, then the wheel, presses, motion and keys."""
    for b in t.buttons():
        if b.handle(ev):
            return True
    if ev.type == pygame.MOUSEWHEEL:
        t.zoom_by(1.15**ev.y, pygame.mouse.get_pos())
        return True
    if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
        return mouse_down(t, ev.pos)
    if ev.type == pygame.MOUSEMOTION:
        return mouse_move(t, ev.pos)
    if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and t.press is not None:
        return mouse_up(t, ev.pos)
    if ev.type == pygame.KEYDOWN:
        return key_down(t, ev.key, getattr(ev, "mod", 0))
    return False


def mouse_down(t, pos) -> bool:
    """A press on the rack, the market or the board (a tile, a hinted ghost, a pan)."""
    i = rack_hit(t, pos)
    visible = t.viewer == t.anchor
    if i is not None and visible and t.ctx.can_act:
        name, rect = t.rack_slots[i]
        t.press = {
            "kind": "rack",
            "index": i,
            "name": name,
            "start": pos,
            "pos": pos,
            "drag": False,
            "grab": (pos[0] - rect.centerx, pos[1] - rect.centery),
        }
        return True
    if market_hit(t, pos) and t.ctx.can_act:
        t.press = {
            "kind": "market",
            "name": market_hit(t, pos),
            "start": pos,
            "pos": pos,
            "drag": False,
        }
        return True
    if t.board.collidepoint(pos):
        cell = t.cell_at(pos)
        h = t.hint
        lay_hinted = h and h["kind"] == "lay" and t.my_turn()
        if lay_hinted and (cell in h["added"] or any(cell == d for __, d, ___ in h["moved"])):
            t.apply_hint()  # a click on a ghost puts the hinted lay down
            return True
        if cell in t.draft.cells and t.my_turn():
            rect = t.cell_rect(cell)
            t.press = {
                "kind": "cell",
                "cell": cell,
                "name": t.draft.cells[cell],
                "start": pos,
                "pos": pos,
                "drag": False,
                "grab": (pos[0] - rect.centerx, pos[1] - rect.centery),
            }
        else:
            t.press = {
                "kind": "pan",
                "start": pos,
                "pos": pos,
                "drag": False,
                "cam": tuple(t.cam),
            }
        return True
    return False


def mouse_move(t, pos) -> bool:
    """Hover (tiles, problem badges, the problem list) or a press becoming a drag."""
    p = t.press
    if p is None:
        hover = market_hit(t, pos) or rack_hit(t, pos)
        on_board = t.board.collidepoint(pos)
        badge = badge_hit(t, pos) if on_board else None
        cell = t.cell_at(pos) if on_board and badge is None else None
        # a tile a problem names, its badge or the list: the whole reason shows
        spot = cell if cell in t.draft.problem_cells else None
        listed = t.problem_list_rect is not None and t.problem_list_rect.collidepoint(pos)
        before = (t.hover, t.hover_cell, t.hover_badge, t.hover_list)
        t.hover, t.hover_cell, t.hover_badge = hover, spot, badge
        t.hover_list = bool(listed and t.draft.problems)
        return before != (t.hover, t.hover_cell, t.hover_badge, t.hover_list)
    p["pos"] = pos
    if not p["drag"] and abs(pos[0] - p["start"][0]) + abs(pos[1] - p["start"][1]) > t.m.px(10):
        p["drag"] = True
    if p["kind"] == "pan" and p["drag"]:
        cw, ch = t.cell_size()
        t.cam = [
            p["cam"][0] - (pos[0] - p["start"][0]) / cw,
            p["cam"][1] - (pos[1] - p["start"][1]) / ch,
        ]
        t.user_camera = True
    return True


def mouse_up(t, pos) -> bool:
    """A press ends: a click, or a drop of the dragged tile where it lands."""
    p, t.press = t.press, None
    kind = p["kind"]
    if kind == "market":
        if not p["drag"] or market_hit(t, pos) == p["name"]:
            moves.pick_market(t, p["name"])
        return True
    if not p["drag"]:
        return click(t, p, pos)
    if kind == "pan" or t.swap_choice() or not t.my_turn():
        return True
    name = p["name"]
    if name in EVENT_TILES:
        if t.board.collidepoint(pos):
            t.ctx.toast(msg("Event tiles are never laid: click one on your rack to play it."))
        return True
    if t.board.collidepoint(pos):
        target = t.cell_at(pos)
        if kind == "rack":
            t.place_from_rack(name, target)
        else:
            t.move_cell(p["cell"], target)
    elif t.rack_rect.collidepoint(pos) and kind == "cell":
        t.return_to_rack(p["cell"])
    return True


def click(t, p, pos) -> bool:
    """A press without a drag: select, lift or put down (click-to-place)."""
    kind = p["kind"]
    if kind == "rack":
        t.click_rack(p["index"], p["name"])
        return True
    if not t.my_turn():
        return True
    cell = t.cell_at(pos)
    if kind == "cell":
        if t.held is not None and t.held != cell:
            return True  # occupied: nothing to do
        t.held = None if t.held == cell else cell
        return True
    if t.held is not None:
        t.move_cell(t.held, cell)
    elif t.focus is not None and t.focus < len(t.rack_slots):
        t.place_from_rack(t.rack_slots[t.focus][0], cell)
    return True


def key_down(t, key: int, mod: int = 0) -> bool:
    """A key; Esc is used only when it cancels something (else the pause menu opens)."""
    if key == pygame.K_ESCAPE:
        if (
            t.press is not None
            or t.held is not None
            or t.focus is not None
            or t.market_pick is not None
        ):
            t.press = t.held = t.focus = t.market_pick = None
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
        x, y = t.cursor if t.cursor is not None else t.cell_at(t.board.center)
        t.cursor = (x + dx, y + dy)
        if not t.board.contains(t.cell_rect(t.cursor)):
            t.cam = [t.cam[0] + dx, t.cam[1] + dy]
        return True
    if key in pans:
        dx, dy = pans[key]
        t.cam = [t.cam[0] + dx, t.cam[1] + dy]
        t.user_camera = True
        return True
    if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        t.zoom_by(1.15)
        return True
    if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        t.zoom_by(1 / 1.15)
        return True
    if key == pygame.K_c:
        t.centre_camera()
        t.user_camera = False
        return True
    if key == pygame.K_s:
        t.toggle_sort()
        return True
    if not t.ctx.can_act:
        return False
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        if t.swap_choice():
            moves.give(t)
        elif t.market_pick is not None:
            moves.take_picked(t)
        else:
            t.done()
        return True
    if key == pygame.K_r:
        t.reset()
        return True
    if key == pygame.K_h:
        t.toggle_hint()
        return True
    if key == pygame.K_d:
        moves.draw_tile(t)
        return True
    if key == pygame.K_TAB and t.rack_slots:
        step = -1 if mod & pygame.KMOD_SHIFT else 1
        t.focus = 0 if t.focus is None else (t.focus + step) % len(t.rack_slots)
        return True
    if key == pygame.K_SPACE:
        if t.swap_choice() and t.focus is not None:
            t.click_rack(t.focus, t.rack_slots[t.focus][0])
            return True
        return key_space(t)
    if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and t.my_turn():
        cell = t.held if t.held is not None else t.cursor
        if cell is not None:
            t.return_to_rack(cell)
        return True
    return False


def key_space(t) -> bool:
    """Space on your turn: show the cell cursor, then lift or put down at it."""
    if not t.my_turn():
        return False
    if t.cursor is None:
        t.cursor = t.cell_at(t.board.center)
        return True
    if t.held is not None:
        t.move_cell(t.held, t.cursor)
    elif t.cursor in t.draft.cells:
        t.held = t.cursor
    elif t.focus is not None and t.focus < len(t.rack_slots):
        name = t.rack_slots[t.focus][0]
        if name in EVENT_TILES:
            moves.play_event(t, name)
        else:
            t.place_from_rack(name, t.cursor)
    return True


def rack_hit(t, pos) -> int | None:
    """The rack slot under ``pos`` (the topmost)."""
    for i in range(len(t.rack_slots) - 1, -1, -1):
        if t.rack_slots[i][1].collidepoint(pos):
            return i
    return None


def badge_hit(t, pos) -> tuple[int, ...] | None:
    """The numbers of the problems whose badges on the board are under ``pos`` (two
    problems starting at one tile put their badges on one spot)."""
    hit = tuple(
        number
        for centre, radius, number in badge_spots(t)
        if (pos[0] - centre[0]) ** 2 + (pos[1] - centre[1]) ** 2 <= radius * radius
    )
    return hit or None


def market_hit(t, pos) -> str | None:
    """The market tile under ``pos``."""
    for name, rect in t.market_slots:
        if rect.collidepoint(pos):
            return name
    return None
